// "Run once" on a Node.js project task: its files and command in a WebContainer, output into the
// terminal. When no WebContainer can start, the verdict line alone says why (and that JavaScript
// and TypeScript still run offline): the same sentence in the terminal too would only repeat it.
import type { Task } from '../shared/task.ts';
import { BOOT_STOPPED, type NodeProjectRunner } from '../sandbox/webcontainer/node-project-runner.ts';
import { startRun, writeRunResult } from '../ui/common/run-output.ts';
import type { RunResults } from '../ui/results/run-results.ts';
import { toneOf, verdictLine } from '../ui/common/verdict.ts';
import type { Layout } from '../ui/layout/layout.ts';
import type { Terminal } from '../ui/terminal/terminal.ts';

export interface RunProjectParts {
  layout: Layout;
  terminal: Terminal;
  results: RunResults;
  runner: () => NodeProjectRunner;
}

export async function runProject(p: RunProjectParts, task: Task, signal: AbortSignal): Promise<void> {
  if (task.kind !== 'project') return;
  startRun(p, 'Node.js project');
  p.layout.setVerdict('Starting a WebContainer and running the project…', 'pending');
  p.layout.setFeedback(undefined);
  const handle = p
    .runner()
    .run({ ...task.project, limits: task.limits }, (stream, text) => p.terminal.write(text, stream));
  const onAbort = (): void => handle.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const r = await handle.result;
    if (r.exception?.type === 'WebContainerUnavailable')
      return p.layout.setVerdict(`Node.js project cannot run here: ${r.exception.message}`, 'error');
    if (r.result === BOOT_STOPPED) {
      p.terminal.write('Stopped.\n', 'info');
      p.results.empty('Stopped before the project ran.');
      return p.layout.setVerdict('Node.js project: stopped before it ran.', 'cancelled');
    }
    writeRunResult(p, r);
    p.layout.setVerdict(`Node.js project: ${verdictLine(r)}`, toneOf(r.status));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
