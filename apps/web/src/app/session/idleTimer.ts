/** Idle auto-logout is checked every 10 seconds (spec 000 §9, spec 001 §9). */
export const IDLE_CHECK_INTERVAL_MS = 10_000;

/** The user activity that resets the idle clock (the spec names mouse movement; keys and touches count too). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleTimerOptions {
  /** Idle time after which `onIdle` fires, in milliseconds (> 0). */
  timeoutMs: number;
  onIdle: () => void;
  checkIntervalMs?: number;
  now?: () => number;
}

export interface IdleTimer {
  /** Starts (or restarts) the clock from now. */
  start(): void;
  /** Records activity: the idle time counts from here. */
  activity(): void;
  stop(): void;
  readonly running: boolean;
}

/** `logoutTime` of the system profile is in minutes; 0 (or less) means never. */
export function idleTimeoutMs(logoutMinutes: number): number {
  return logoutMinutes > 0 ? logoutMinutes * 60_000 : 0;
}

/**
 * A clock that checks every `checkIntervalMs` whether the last activity is `timeoutMs` old, and then stops
 * and calls `onIdle` once. Activity only stores a timestamp, so a storm of mouse events costs nothing.
 */
export function createIdleTimer({
  timeoutMs,
  onIdle,
  checkIntervalMs = IDLE_CHECK_INTERVAL_MS,
  now = Date.now,
}: IdleTimerOptions): IdleTimer {
  let lastActivity = now();
  let handle: ReturnType<typeof setInterval> | null = null;

  const stop = () => {
    if (handle !== null) clearInterval(handle);
    handle = null;
  };

  const check = () => {
    if (now() - lastActivity >= timeoutMs) {
      stop();
      onIdle();
    }
  };

  return {
    start() {
      stop();
      lastActivity = now();
      handle = setInterval(check, checkIntervalMs);
    },
    activity() {
      lastActivity = now();
    },
    stop,
    get running() {
      return handle !== null;
    },
  };
}
