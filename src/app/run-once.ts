// "Run once": the editor's code against the task's visible tests (never the hidden ones), with no model and no session.
// The run is built exactly as the loop builds an edited-code attempt, so what passes here passes
// there, and its feedback reads as the model would get it.
import { buildFeedback } from '../loop/feedback.ts';
import { kindOf } from '../kinds/registry.ts';
import { candidateFromCode } from '../loop/assemble.ts';
import { runDiagnostics } from '../ui/editor/run-diagnostics.ts';
import { toCodeLine } from '../loop/assemble.ts';
import { testsForRun } from '../shared/generated-tests.ts';
import type { TestSpec } from '../shared/run.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { Task } from '../shared/task.ts';
import { startRun, writeRunResult } from '../ui/common/run-output.ts';
import type { RunResults } from '../ui/results/run-results.ts';
import { runAnnouncement, toneOf, verdictLine } from '../ui/common/verdict.ts';
import type { Editor } from '../ui/editor/editor.ts';
import type { Layout } from '../ui/layout/layout.ts';
import type { Terminal } from '../ui/terminal/terminal.ts';
import type { WebPageView } from '../ui/kinds/web/page-view.ts';

export interface RunOnceParts {
  layout: Layout;
  editor: Editor;
  terminal: Terminal;
  results: RunResults;
  runtime: Runtime;
  /** A web page's render: its picture, console and live preview. */
  page?: WebPageView;
}

/** A web page run by hand is pictured, so it shows as an attempt of the loop would. */
const withPicture = (tests: TestSpec): TestSpec => (tests.kind === 'web' ? { ...tests, picture: true } : tests);

export async function runOnce(p: RunOnceParts, task: Task, signal: AbortSignal): Promise<void> {
  const c = candidateFromCode(p.editor.getValue(), task, 'user');
  startRun(p, 'Run once');
  p.layout.setVerdict('Running the code in the editor…', 'pending');
  p.editor.markErrorLine(undefined);
  p.editor.markErrors([]);
  const handle = p.runtime.run(
    { language: task.language, code: c.program, tests: withPicture(testsForRun(task)), limits: task.limits },
    (stream, text) => p.terminal.write(text, stream),
  );
  const onAbort = (): void => handle.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const r = await handle.result;
    writeRunResult(p, r);
    if (task.language === 'html') p.page?.showRun(c.program, r, task);
    p.layout.setVerdict(`Run once: ${verdictLine(r)}`, toneOf(r.status));
    p.layout.announce(runAnnouncement(r));
    if (r.status === 'cancelled') return p.layout.setFeedback(undefined);
    const own = kindOf(task).feedback?.(r, task);
    if (own !== undefined) return p.layout.setFeedback(own);
    p.layout.setFeedback(
      buildFeedback(r, {
        code: c.code,
        lineOffset: c.lineOffset,
        timeoutSec: task.limits.timeoutSec,
        generated: task.generatedTests,
      }),
    );
    p.editor.markErrorLine(toCodeLine(r.exception?.line, c.lineOffset, c.code));
    p.editor.markErrors(runDiagnostics(r, c.lineOffset, c.code));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
