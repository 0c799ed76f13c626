// A contest program (stdin to stdout, or LeetCode's call on `Solution()`), judged and fed back as
// LiveCodeBench does.
import type { KindModule } from '../kind.ts';
import { programFeedback } from './feedback.ts';

export const programKind: KindModule<'program'> = {
  kind: 'program',
  label: 'Program',
  runner: 'loop',
  testsIntro: (task) => ({ text: 'Your code will be checked with these tests:', fence: task.language }),
  feedback: (run, task) => programFeedback(run, task.limits.timeoutSec),
  grouping: 'outputs',
  proposesTests: true,
};
