// Code checked by tests: HumanEval, MBPP, MultiPL-E and the user's own asserts.
import type { KindModule } from '../kind.ts';

export const functionKind: KindModule<'function'> = {
  kind: 'function',
  label: 'Code',
  runner: 'loop',
  testsIntro: (task) => ({ text: 'Your code will be checked with these tests:', fence: task.language }),
  grouping: 'calls',
  proposesTests: true,
};
