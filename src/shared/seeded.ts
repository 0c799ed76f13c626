// One seeded generator for everything that must draw the same way on every machine: which tasks a
// benchmark subset picks, and which inputs selection derives from a task's tests.

/** mulberry32: a small PRNG whose sequence of numbers in [0, 1) is fixed by its 32-bit seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
