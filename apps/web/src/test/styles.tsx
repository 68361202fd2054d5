import { type CSSObject, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

/**
 * The declarations of antd's styles that jsdom and the test tools act on: Testing Library's role queries and
 * jest-dom's `toBeVisible` read `display`, `visibility` and `opacity`, user-event reads `pointer-events`.
 * jsdom lays nothing out, so every other declaration (sizes, colours, spacing, the CSS variables) changes
 * nothing a test can see.
 */
const OBSERVED = new Set(['display', 'visibility', 'opacity', 'pointerEvents']);

/**
 * Keeps, of one style object antd registers, the observed declarations and every nested rule (selectors,
 * `&-hidden`, `@media`: cssinjs visits those again). A rule left without declarations is not written at all
 * (stylis drops empty rules). Property values that are objects (`_skip_check_`, `_multi_value_`, keyframes)
 * are declarations, not rules.
 */
function keepObservedDeclarations(style: CSSObject): CSSObject {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(style)) {
    const nestedRule =
      typeof value === 'object' &&
      value !== null &&
      !('_skip_check_' in value) &&
      !('_multi_value_' in value) &&
      !('_keyframe' in value);
    if (nestedRule || OBSERVED.has(key)) kept[key] = value;
  }
  return kept as CSSObject;
}

/**
 * antd's styles for page tests, cut down to what a test can observe (docs/testing.md, "What makes a web test
 * slow"). jsdom's `getComputedStyle` matches every rule of the document against the element and each of its
 * ancestors, whenever the DOM has changed since the last call; antd's tables, pickers and popups call it on
 * every render. With all of antd's ~1,300 rules in the document one call on a table cell cost ~0.8 CPU s on a
 * loaded machine and was ~60 % of MembersSection.test.tsx's CPU; with the ~230 rules that hold an observed
 * declaration it costs a seventh of that. What is hidden by a class (`.ant-select-dropdown-hidden`,
 * `.ant-tabs-tabpane-hidden`, closed dialogs) stays hidden.
 */
export function TestStyles({ children }: { children: ReactNode }) {
  return <StyleProvider transformers={[{ visit: keepObservedDeclarations }]}>{children}</StyleProvider>;
}
