// Plays one session's progress into the page's views: the reply as it streams, run output into
// the terminal, each attempt into the timeline as it finishes, the session's end in words.
import type { LoopHooks } from '../loop/types.ts';
import { formatUsage } from '../models/usage.ts';
import type { ModelError } from '../models/errors.ts';
import type { OutputStream } from '../shared/run.ts';
import type { Attempt, Session } from '../shared/session.ts';
import { attemptAnnouncement, attemptVerdict } from '../ui/common/verdict.ts';
import { END_WORDS } from '../ui/common/end-words.ts';
import { startRun } from '../ui/common/run-output.ts';
import type { Activity } from '../ui/layout/activity.ts';
import type { Layout } from '../ui/layout/layout.ts';
import type { Notices } from '../ui/layout/notices.ts';
import type { ReplyView, StatusTone } from '../ui/reply/reply-view.ts';
import type { RunResults } from '../ui/results/run-results.ts';
import type { SessionView } from '../ui/session/session-view.ts';
import type { Terminal } from '../ui/terminal/terminal.ts';
import { summarizeEnd } from '../ui/timeline/summary.ts';

export interface LoopViews {
  layout: Layout;
  view: SessionView;
  reply: ReplyView;
  terminal: Terminal;
  results: RunResults;
  activity: Activity;
  notices: Notices;
}

const waitWords = (ms: number): string => `${Math.max(1, Math.round(ms / 1000))} s`;

// The hooks are arrow properties, not methods: the session spreads them into the loop's own hooks.
export class LoopPresenter implements LoopHooks {
  private saveError = '';
  private streaming = false;

  /** `editedFirst`: the first attempt runs the editor's code instead of asking the model. */
  constructor(
    private readonly v: LoopViews,
    private editedFirst: boolean,
  ) {}

  private status(text: string, tone: StatusTone = 'busy'): void {
    this.v.reply.setStatus(text, tone);
    this.v.activity.add(text, tone);
  }

  /** The model's endpoint asked to wait (a rate limit) before the call is tried again. */
  retrying(delayMs: number, error: ModelError): void {
    this.status(`${error.message} Waiting ${waitWords(delayMs)} before trying again.`);
    this.v.layout.announce(`Waiting ${waitWords(delayMs)} before asking the model again`);
  }

  started(s: Session, resumed: boolean): void {
    if (resumed) this.v.view.setSession(s);
    else this.v.view.load(s, []);
    this.v.activity.add(`${resumed ? 'Resumed' : 'Started'} “${s.title}” with ${s.settings.model}.`, 'idle');
    this.v.layout.announce(`Loop ${resumed ? 'resumed' : 'started'}: ${s.title}`);
  }

  saveFailed(message: string | undefined): void {
    this.saveError = message ?? '';
    if (message === undefined) this.v.notices.dismiss('save');
    else this.v.notices.show('save', `History not saved: ${message}`, 'error');
  }

  readonly onAttemptStart = (index: number): void => {
    const { view, layout, reply, terminal, results } = this.v;
    const edited = this.editedFirst;
    this.editedFirst = false;
    this.streaming = false;
    view.setPending(index, edited ? 'running the edited code…' : 'waiting for the model…');
    layout.setVerdict(
      `Attempt ${index + 1}: ${edited ? 'running the edited code' : 'waiting for the model'}…`,
      'pending',
    );
    layout.announce(`Attempt ${index + 1}: ${edited ? 'running your code' : 'asking the model'}`);
    reply.clear();
    reply.setStatus(edited ? 'Running the code from the editor.' : 'Waiting for the model…', 'busy');
    startRun({ terminal, results }, `Attempt ${index + 1}`);
  };

  readonly onNotice = (text: string): void => {
    this.v.activity.add(text, 'idle');
  };

  readonly onModelDelta = (text: string): void => {
    if (!this.streaming) this.v.reply.setStatus('The model is replying…', 'busy');
    this.streaming = true;
    this.v.reply.append(text);
  };

  readonly onModelReset = (): void => {
    this.streaming = false;
    this.v.reply.clear();
  };

  readonly onRunOutput = (stream: OutputStream, text: string): void => {
    this.v.terminal.write(text, stream);
  };

  readonly onStatus = (text: string): void => {
    this.status(text);
  };

  readonly onAttempt = (a: Attempt): void => {
    this.v.view.add(a);
    this.v.layout.announce(attemptAnnouncement(a));
    const verdict = attemptVerdict(a);
    const used = a.source === 'model' ? ` Tokens: ${formatUsage(a.usage)}.` : '';
    this.status(`Attempt ${a.index + 1}: ${verdict.label}.${used}`, verdict.tone === 'passed' ? 'ok' : 'busy');
  };

  ended(session: Session, unsaved: readonly Attempt[]): void {
    const { view, layout, activity, reply } = this.v;
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
      session.endReason === 'passed'
        ? 'Passed.'
        : `The session ended: ${END_WORDS[session.endReason ?? 'stopped'].ended}.`,
      session.endReason === 'passed' ? 'ok' : session.endReason === 'stopped' ? 'idle' : 'error',
    );
    if (unsaved.length > 0) {
      const which = unsaved.length === 1 ? `Attempt ${(unsaved[0]?.index ?? 0) + 1}` : `${unsaved.length} attempts`;
      this.v.notices.show(
        'save',
        `History not saved: ${this.saveError} ${which} of “${session.title}” could not be written; shown here until you reload.`,
      );
    }
  }

  /** The loop could not start or run at all. */
  failed(message: string): void {
    this.v.view.setPending(undefined);
    this.v.layout.setVerdict(`The loop could not run: ${message}`, 'error');
    this.status(`The loop could not run: ${message}`, 'error');
  }
}
