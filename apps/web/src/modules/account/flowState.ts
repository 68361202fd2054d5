import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The client state of the registration and password-reset flows (spec 000 §3 "register phone and code",
 * "reset information"): what an earlier step proved, held for the next one. Module-level, mirrored to
 * sessionStorage so that a reload of the tab keeps the flow (a new tab, or closing this one, ends it), and
 * cleared on sign-out ("removing the user clears the whole state").
 *
 * The route guards read it (see `flowSatisfied` and guards.ts): /perfectinformation needs a verified
 * register phone, /resetPassword a verified reset phone, /finishPassword a finished reset.
 */

/** Registration: the phone and the register code that POST securities?verify=true accepted. */
export interface RegisterFlow {
  phoneNumber: string;
  countryCode: string;
  code: string;
  /** The versions of the user agreement and privacy policy ticked on /register (privacy notice on). */
  consent?: { agreement: number; privacy: number };
}

/** Password reset: the account (POST securities answers its id for type reset), its phone and the code. */
export interface ResetFlow {
  userId: string;
  phoneNumber: string;
  countryCode: string;
  code: string;
}

export interface FlowState {
  register: RegisterFlow | null;
  reset: ResetFlow | null;
  /** The reset went through (the user is signed in): /finishPassword may show. */
  resetFinished: boolean;
}

/** What a route may need instead of a session (routeTypes.ts `flow`). */
export type FlowPrerequisite = 'registerVerified' | 'resetVerified' | 'resetFinished';

export const FLOW_STORAGE_KEY = 'lintel.accountFlow';

const EMPTY: FlowState = { register: null, reset: null, resetFinished: false };

/** A stored flow part with every field a non-empty string, else null. */
function valid<T>(value: unknown, fields: readonly string[]): T | null {
  const record = (value ?? {}) as Record<string, unknown>;
  return fields.every((field) => typeof record[field] === 'string' && record[field] !== '')
    ? (value as T)
    : null;
}

const PHONE_FIELDS = ['phoneNumber', 'countryCode', 'code'];

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // blocked by privacy settings: the flow then lives as long as the page
  }
}

/** The stored state, checked field by field (anything else counts as no flow). */
export function readStoredFlow(store: Pick<Storage, 'getItem'> | null = storage()): FlowState {
  try {
    const parsed = JSON.parse(store?.getItem(FLOW_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return {
      register: valid<RegisterFlow>(parsed.register, PHONE_FIELDS),
      reset: valid<ResetFlow>(parsed.reset, [...PHONE_FIELDS, 'userId']),
      resetFinished: parsed.resetFinished === true,
    };
  } catch {
    return EMPTY;
  }
}

let state: FlowState = readStoredFlow();
const listeners = new Set<() => void>();

function write(next: FlowState): void {
  state = next;
  const store = storage();
  try {
    if (!next.register && !next.reset && !next.resetFinished) store?.removeItem(FLOW_STORAGE_KEY);
    else store?.setItem(FLOW_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the flow on reload.
  }
  for (const listener of listeners) listener();
}

export function getFlowState(): FlowState {
  return state;
}

/** /register verified the phone: step 1 may show. */
export function setRegisterFlow(register: RegisterFlow | null): void {
  write({ ...state, register });
}

/** /findPassword verified the phone: /resetPassword may show. A new reset forgets a finished one. */
export function setResetFlow(reset: ResetFlow | null): void {
  write({ ...state, reset, resetFinished: reset ? false : state.resetFinished });
}

/**
 * The password was reset: /finishPassword may show. The reset data stays until /resetPassword is left
 * (`setResetFlow(null)` then): the shell may render /resetPassword once more before the navigation to
 * /finishPassword commits, and its guard must still pass.
 */
export function markResetFinished(): void {
  write({ ...state, resetFinished: true });
}

/** Sign-out (and a lost session): everything goes. */
export function clearFlowState(): void {
  write(EMPTY);
}

/** Whether the flow holds what a route needs. */
export function flowSatisfied(prerequisite: FlowPrerequisite, flow: FlowState = state): boolean {
  if (prerequisite === 'registerVerified') return flow.register !== null;
  if (prerequisite === 'resetVerified') return flow.reset !== null;
  return flow.resetFinished;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFlowState(): FlowState {
  return useSyncExternalStore(subscribe, getFlowState, getFlowState);
}

/**
 * Runs `leave` once the page unmounts, if the returned `arm` was called: a flow step drops what it used only
 * after the navigation away has committed. Dropping it before would let the shell, re-rendering the old
 * route meanwhile (the sign-in the step made changes the session), find the route's prerequisite missing
 * and send the user to /login. `leave` must be a module-level function (it is read once).
 */
export function useLeaveAction(leave: () => void): () => void {
  const armed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `leave` is module-level by contract
  useEffect(
    () => () => {
      if (armed.current) leave();
    },
    [],
  );
  return () => {
    armed.current = true;
  };
}
