// pass@k with the unbiased estimator of Chen et al. (2021): for a task with n samples of which c
// passed, 1 - C(n-c, k) / C(n, k). The ratio of binomials is a product of n-c-k+1..n-c over
// n-k+1..n, taken factor by factor so nothing overflows for large n.

/** The estimate for one task; k must be at most n. */
export function passAtK(n: number, c: number, k: number): number {
  if (k < 1 || k > n) throw new RangeError(`pass@${k} needs at least ${k} samples per task, not ${n}`);
  if (n - c < k) return 1;
  let fail = 1;
  for (let i = n - c + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}

/** The mean over tasks of each task's estimate; undefined when some task has fewer than k samples. */
export function meanPassAtK(tasks: readonly { n: number; c: number }[], k: number): number | undefined {
  if (tasks.length === 0 || tasks.some((t) => t.n < k)) return undefined;
  return tasks.reduce((sum, t) => sum + passAtK(t.n, t.c, k), 0) / tasks.length;
}

/** The k worth reporting for n samples per task: 1, 2, 5, 10, 20, 50, 100 up to n, and n itself. */
export function reportedKs(n: number): number[] {
  const ks = [1, 2, 5, 10, 20, 50, 100].filter((k) => k <= n);
  if (n >= 1 && !ks.includes(n)) ks.push(n);
  return ks;
}
