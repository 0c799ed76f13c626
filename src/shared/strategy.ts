// The strategies a user can pick for the loop, named as the command line and the history name them.

export const STRATEGY_NAMES = ['repair', 'reflexion', 'best-of-n', 'codet'] as const;

export type StrategyName = (typeof STRATEGY_NAMES)[number];

export const isStrategyName = (s: string): s is StrategyName => (STRATEGY_NAMES as readonly string[]).includes(s);

/** The strategies that draw several candidates per round and select among them by execution. */
export const usesSamples = (name: StrategyName): boolean => name === 'best-of-n' || name === 'codet';

/** Candidates drawn per round when the settings do not say. */
export const DEFAULT_SAMPLES = 5;

export interface StrategySettings {
  name: StrategyName;
  /** Candidates drawn per round, for best-of-n and codet. */
  samples?: number;
  /** Feedback on the first failing test carries what the program did, line by line. */
  trace?: boolean;
}
