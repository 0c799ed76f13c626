// Where the first sandbox's start-up time goes: named moments on the page's clock (milliseconds
// from navigation), for the bench's start-up rows. The frame and its worker have clocks of their
// own; they report wall-clock moments (timeOrigin + now), turned into the page's clock here.

const moments: Record<string, number> = {};

/** Notes a moment of the page's own, once: the first sandbox's is the one that counts. */
export function markStartup(name: string, at = performance.now()): void {
  moments[name] ??= at;
}

/** Moments the frame or its worker reported as wall-clock times; anything not a finite number is skipped. */
export function markReported(times: unknown): void {
  if (typeof times !== 'object' || times === null) return;
  for (const [name, at] of Object.entries(times as Record<string, unknown>))
    if (typeof at === 'number' && Number.isFinite(at)) markStartup(name, at - performance.timeOrigin);
}

export function startupMoments(): Record<string, number> {
  return { ...moments };
}
