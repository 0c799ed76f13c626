// A Node.js project: its files and command run with npm in a WebContainer (Run once only).
import type { KindModule } from '../kind.ts';

export const projectKind: KindModule<'project'> = {
  kind: 'project',
  label: 'Node.js project',
  runner: 'run-once',
  testsIntro: (task) => ({ text: 'Your code will be checked with these tests:', fence: task.language }),
  grouping: 'calls',
  proposesTests: false,
};
