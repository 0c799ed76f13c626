// An agent goal: code actions on the user's files until a final answer (src/loop/agent).
import type { KindModule } from '../kind.ts';

export const agentKind: KindModule<'agent'> = {
  kind: 'agent',
  label: 'Agent',
  runner: 'workspace',
  testsIntro: (task) => ({ text: 'Your code will be checked with these tests:', fence: task.language }),
  grouping: 'calls',
  proposesTests: false,
};
