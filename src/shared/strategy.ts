// The strategies a user can pick for the loop, named as the command line and the history name them.

type StrategyName = 'repair' | 'reflexion' | 'best-of-n' | 'codet';

export interface StrategySettings {
  name: StrategyName;
  /** Candidates drawn per round, for best-of-n and codet. */
  samples?: number;
  /** Feedback on the first failing test carries what the program did, line by line. */
  trace?: boolean;
}
