// What every task kind answers (src/kinds/<kind>/kind.ts); the loop, the page and the command
// line ask src/kinds/registry.ts instead of testing a task's fields.
import type { RunResult } from '../shared/run.ts';
import type { Task, TaskKind, TaskOf } from '../shared/task.ts';

export interface KindModule<K extends TaskKind = TaskKind> {
  kind: K;
  /** What the page calls the kind. */
  label: string;
  /**
   * Who runs it: 'loop' (the page's attempt loop, in the sandbox frame), 'workspace' (its own
   * workspace and loop on the page: an agent goal, a SQL question) or 'run-once' (a Node.js
   * project, run with npm in a WebContainer; the loop does not take it).
   */
  runner: 'loop' | 'workspace' | 'run-once';
  /** How the model is shown the task's tests: the sentence before them and the fence they are in. */
  testsIntro(task: TaskOf<K>): { text: string; fence: Task['language'] };
  /** The kind's own feedback on a run, when it words one; else the loop's (src/loop/feedback.ts). */
  feedback?(run: RunResult, task: TaskOf<K>): string;
  /**
   * How best-of-n and CodeT group samples: by what they print on inputs ('outputs', a contest
   * program's tests are inputs and outputs) or by what the function returns on calls ('calls').
   */
  grouping: 'outputs' | 'calls';
  /** Whether the model may be asked to propose tests for it. */
  proposesTests: boolean;
}
