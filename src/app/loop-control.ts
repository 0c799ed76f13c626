// Runs the loop from the page through runSession (the command line's code path too) and plays
// its progress into the views: the reply as it streams, run output into the terminal, each
// attempt into the timeline as it finishes, the session's end in words.
import type { LoopSettings } from '../loop/types.ts';
import { formatUsage } from '../models/usage.ts';
import type { ModelError } from '../models/errors.ts';
import type { CompareTag } from '../shared/comparison.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, EndReason, Session } from '../shared/session.ts';
import type { HistoryStore } from '../store/history-store.ts';
import { attemptAnnouncement, attemptVerdict } from '../ui/common/verdict.ts';
import type { Editor } from '../ui/editor/editor.ts';
import type { Layout } from '../ui/layout/layout.ts';
import type { ReplyView, StatusTone } from '../ui/reply/reply-view.ts';
import type { Terminal } from '../ui/terminal/terminal.ts';
import type { RunResults } from '../ui/results/run-results.ts';
import { startRun } from '../ui/common/run-output.ts';
import { summarizeEnd } from '../ui/timeline/summary.ts';
import type { Activity } from '../ui/layout/activity.ts';
import type { Notices } from '../ui/layout/notices.ts';
import { runSession } from './session.ts';
import type { SessionView } from '../ui/session/session-view.ts';
import { errorMessage } from '../shared/error-message.ts';

export interface LoopParts {
  layout: Layout;
  view: SessionView;
  editor: Editor;
  reply: ReplyView;
  terminal: Terminal;
  results: RunResults;
  activity: Activity;
  notices: Notices;
  runtime: Runtime;
  store(): HistoryStore | undefined;
  /** The endpoint with its key filled in, for this run only. */
  endpoint(): EndpointConfig;
  settings(): LoopSettings;
}

export interface LoopRequest {
  task: Task;
  resumeId?: string;
  editedCode?: string;
  signal: AbortSignal;
  /** Run as one side of a strategy comparison. */
  compare?: CompareTag;
}

export interface PlayedLoop {
  /** In the history, so it can be continued there. */
  stored: boolean;
  /** The session as it ended with its attempts; absent when the loop could not run. */
  session?: Session;
  attempts?: readonly Attempt[];
}

const END_WORDS: Record<EndReason, string> = {
  passed: 'passed',
  'iteration-cap': 'iteration cap reached',
  'token-budget': 'token budget used up',
  'time-budget': 'time budget used up',
  stuck: 'stuck',
  stopped: 'stopped by you',
  'endpoint-failed': 'the endpoint failed, the reason is shown with the attempts',
  interrupted: 'interrupted',
  'flagged-pass': 'iteration cap reached with a flagged pass',
  'final-answer': 'final answer given',
  answered: 'answered without code',
  'sandbox-failed': 'the sandbox failed',
};

const waitWords = (ms: number): string => `${Math.max(1, Math.round(ms / 1000))} s`;

/** Resolves when the session has ended; failures to start are shown, not thrown. */
export async function playLoop(p: LoopParts, req: LoopRequest): Promise<PlayedLoop> {
  const { layout, view, reply, terminal, results, activity } = p;
  let editedFirst = req.editedCode !== undefined;
  let saveError = '';
  let streaming = false;
  const status = (text: string, tone: StatusTone = 'busy'): void => {
    reply.setStatus(text, tone);
    activity.add(text, tone);
  };
  const onRetry = ({ delayMs, error }: { attempt: number; delayMs: number; error: ModelError }): void => {
    status(`${error.message} Waiting ${waitWords(delayMs)} before trying again.`);
    layout.announce(`Waiting ${waitWords(delayMs)} before asking the model again`);
  };

  try {
    const { session, outcome, unsaved, stored } = await runSession({
      task: req.task,
      endpoint: p.endpoint(),
      settings: p.settings(),
      runtime: p.runtime,
      store: p.store(),
      signal: req.signal,
      resumeId: req.resumeId,
      editedCode: req.editedCode,
      compare: req.compare,
      clientOptions: { retry: { onRetry } },
      onSession(s: Session) {
        if (req.resumeId) view.setSession(s);
        else view.load(s, []);
        activity.add(`${req.resumeId ? 'Resumed' : 'Started'} “${s.title}” with ${s.settings.model}.`, 'idle');
        layout.announce(`Loop ${req.resumeId ? 'resumed' : 'started'}: ${s.title}`);
      },
      onSaveError(message) {
        saveError = message ?? '';
        if (message === undefined) p.notices.dismiss('save');
        else p.notices.show('save', `History not saved: ${message}`, 'error');
      },
      hooks: {
        onAttemptStart(index) {
          const edited = editedFirst;
          editedFirst = false;
          streaming = false;
          view.setPending(index, edited ? 'running the edited code…' : 'waiting for the model…');
          layout.setVerdict(
            `Attempt ${index + 1}: ${edited ? 'running the edited code' : 'waiting for the model'}…`,
            'pending',
          );
          layout.announce(`Attempt ${index + 1}: ${edited ? 'running your code' : 'asking the model'}`);
          reply.clear();
          reply.setStatus(edited ? 'Running the code from the editor.' : 'Waiting for the model…', 'busy');
          startRun({ terminal, results }, `Attempt ${index + 1}`);
        },
        onNotice(text) {
          activity.add(text, 'idle');
        },
        onModelDelta(text) {
          if (!streaming) reply.setStatus('The model is replying…', 'busy');
          streaming = true;
          reply.append(text);
        },
        onModelReset() {
          streaming = false;
          reply.clear();
        },
        onRunOutput: (stream, text) => terminal.write(text, stream),
        onStatus: (text) => status(text),
        onAttempt(a) {
          view.add(a);
          layout.announce(attemptAnnouncement(a));
          const v = attemptVerdict(a);
          const used = a.source === 'model' ? ` Tokens: ${formatUsage(a.usage)}.` : '';
          status(`Attempt ${a.index + 1}: ${v.label}.${used}`, v.tone === 'passed' ? 'ok' : 'busy');
        },
      },
    });
    // A call that failed for good leaves no attempt behind its placeholder row.
    view.setPending(undefined);
    view.setSession(session);
    const end = summarizeEnd(session);
    const words = end ? `${end.headline}${end.detail ? ` — ${end.detail}` : ''}` : (session.endMessage ?? 'finished');
    layout.setVerdict(words, end?.tone ?? 'pending');
    layout.announce(`Loop ended: ${end?.headline ?? 'finished'}`);
    activity.add(words, session.endReason === 'passed' ? 'ok' : session.endReason === 'stopped' ? 'idle' : 'error');
    // The verdict line and the timeline say it in full; the reply's status only points there.
    reply.setStatus(
      session.endReason === 'passed' ? 'Passed.' : `The session ended: ${END_WORDS[session.endReason ?? 'stopped']}.`,
      session.endReason === 'passed' ? 'ok' : session.endReason === 'stopped' ? 'idle' : 'error',
    );
    if (unsaved.length > 0) {
      const which = unsaved.length === 1 ? `Attempt ${(unsaved[0]?.index ?? 0) + 1}` : `${unsaved.length} attempts`;
      p.notices.show(
        'save',
        `History not saved: ${saveError} ${which} of “${session.title}” could not be written; shown here until you reload.`,
      );
    }
    return { stored, session, attempts: outcome.attempts };
  } catch (err) {
    const message = errorMessage(err);
    view.setPending(undefined);
    layout.setVerdict(`The loop could not run: ${message}`, 'error');
    status(`The loop could not run: ${message}`, 'error');
    return { stored: false };
  }
}
