// A SQL question on a database, judged by the gold query's rows (BIRD's rule).
import type { KindModule } from '../kind.ts';

export const sqlKind: KindModule<'sql'> = {
  kind: 'sql',
  label: 'SQL query',
  runner: 'workspace',
  testsIntro: (task) => ({ text: 'Your code will be checked with these tests:', fence: task.language }),
  grouping: 'calls',
  proposesTests: false,
};
