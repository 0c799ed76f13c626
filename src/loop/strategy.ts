// What every strategy is to the loop (src/loop/strategies/ holds them; registry.ts names them).
import type { LoopEnd, LoopState } from './state.ts';

/**
 * A way of driving the loop. `step` makes one move (one attempt for plain repair; a reflection
 * and an attempt, or N samples, for others) and says when the run is over.
 */
export interface Strategy {
  step(state: LoopState): Promise<LoopEnd | undefined>;
}
