import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compareSessions } from './compareSessions';
import { createIdleTimer, IDLE_CHECK_INTERVAL_MS, idleTimeoutMs } from './idleTimer';

describe('compareSessions', () => {
  const a = { _id: 'a'.repeat(24) };
  const b = { _id: 'b'.repeat(24) };

  it('keeps the same user and a still absent one', () => {
    expect(compareSessions(a, { ...a })).toBe('unchanged');
    expect(compareSessions(null, null)).toBe('unchanged');
  });

  it('reports a lost session and a different user', () => {
    expect(compareSessions(a, null)).toBe('signedOut');
    expect(compareSessions(a, b)).toBe('switched');
  });

  it('adopts a user signed in meanwhile', () => {
    expect(compareSessions(null, a)).toBe('signedIn');
    expect(compareSessions(undefined, a)).toBe('signedIn');
  });
});

describe('idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('converts the profile minutes, 0 meaning never', () => {
    expect(idleTimeoutMs(0)).toBe(0);
    expect(idleTimeoutMs(-5)).toBe(0);
    expect(idleTimeoutMs(30)).toBe(30 * 60_000);
  });

  it('checks every 10 seconds and fires once the idle time is reached', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 60_000, onIdle });
    timer.start();
    vi.advanceTimersByTime(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('notices idleness only at the next 10-second check', () => {
    expect(IDLE_CHECK_INTERVAL_MS).toBe(10_000);
    const onIdle = vi.fn();
    createIdleTimer({ timeoutMs: 65_000, onIdle }).start();
    vi.advanceTimersByTime(69_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('is reset by activity', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 60_000, onIdle });
    timer.start();
    vi.advanceTimersByTime(50_000);
    timer.activity();
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer({ timeoutMs: 20_000, onIdle });
    timer.start();
    vi.advanceTimersByTime(10_000);
    timer.stop();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(timer.running).toBe(false);
  });
});
