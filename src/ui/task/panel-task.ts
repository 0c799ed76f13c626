// The task as the panel edits it: its fields without a kind, since the Kind picker and the
// language move it between kinds as the user goes. Its kind is read from its fields when the
// task leaves the panel, as a task from before tasks had a kind is.
import type { TestSpec } from '../../shared/run.ts';
import type { ProjectFiles } from '../../shared/node-project.ts';
import type { Task, TaskBase } from '../../shared/task.ts';
import { withKind } from '../../store/task-kind.ts';

export type PanelTask = TaskBase & { tests: TestSpec; project?: ProjectFiles };

export function toPanelTask(task: Task): PanelTask {
  const { kind: _kind, ...rest } = task;
  return rest;
}

export const fromPanelTask = (task: PanelTask): Task => withKind(task) as Task;
