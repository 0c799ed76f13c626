// The middle of a bench's samples: one sample is at the mercy of whatever else the machine does.

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The sample whose `ms` is the median (the upper one of an even count). */
export const medianStart = <T extends { ms: number }>(xs: T[]): T =>
  [...xs].sort((a, b) => a.ms - b.ms)[Math.floor(xs.length / 2)]!;
