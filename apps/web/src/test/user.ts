import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * user-event for page tests, without its pointer-events check. Before every pointer action the check reads
 * `getComputedStyle` of the target and each of its ancestors, and in jsdom each call matches every rule of
 * every antd `<style>` in the document: it was ~40 % of MembersSection.test.tsx's CPU (118 → 68 s).
 * What it guards against — clicking through `pointer-events: none` — is not how our screens disable
 * anything (disabled controls carry `disabled` / `aria-disabled`, which user-event and antd still honour);
 * the browser walks click for real.
 */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}
