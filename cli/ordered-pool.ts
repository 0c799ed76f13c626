// Works through items on several lanes at once and hands the results on in input order, each as
// soon as every earlier one is done. `emit` returning false stops the pool: no new item starts,
// the ones under way finish, and their results (after the stopping one) are not handed on.
export async function orderedPool<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T, lane: number) => Promise<R>,
  emit: (result: R, index: number) => boolean,
): Promise<void> {
  const done: (R | undefined)[] = new Array(items.length);
  const finished: boolean[] = new Array(items.length).fill(false);
  let next = 0;
  let emitted = 0;
  let stopped = false;
  const flush = (): void => {
    while (!stopped && emitted < items.length && finished[emitted]) {
      const i = emitted++;
      if (!emit(done[i] as R, i)) stopped = true;
      done[i] = undefined;
    }
  };
  const lane = async (n: number): Promise<void> => {
    while (!stopped && next < items.length) {
      const i = next++;
      done[i] = await work(items[i]!, n);
      finished[i] = true;
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, (_, n) => lane(n)));
}
