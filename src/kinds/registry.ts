// Every task kind, by name: the one place that knows them all. Adding a kind: CONTRIBUTING.md.
import type { Task, TaskKind } from '../shared/task.ts';
import type { KindModule } from './kind.ts';
import { agentKind } from './agent/kind.ts';
import { functionKind } from './function/kind.ts';
import { programKind } from './program/kind.ts';
import { projectKind } from './project/kind.ts';
import { sqlKind } from './sql/kind.ts';
import { webKind } from './web/kind.ts';

const KINDS: { [K in TaskKind]: KindModule<K> } = {
  function: functionKind,
  program: programKind,
  web: webKind,
  project: projectKind,
  agent: agentKind,
  sql: sqlKind,
};

/** The module of a task's kind. */
// Each entry takes its own kind's task; the caller passes the task it asked about.
export const kindOf = (task: Task): KindModule => KINDS[task.kind] as KindModule;

/** What the page calls a kind. */
export const kindLabel = (kind: TaskKind): string => KINDS[kind].label;
