// How a step says the user's Stop (or the time budget's abort) cut it short: every step of the loop
// (a model call, a run, a selection) returns this one value, and the strategy that took the step
// ends the loop with `stopped(s)` (state.ts), which says whether the clock or the user stopped it.

export const STOPPED_STEP = 'stopped';

export type Stopped = typeof STOPPED_STEP;

export const isStopped = (x: unknown): x is Stopped => x === STOPPED_STEP;
