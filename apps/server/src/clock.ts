/** Time as the services see it; tests substitute a clock they can move (idle sign-out, expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
