// Runs the loop from the page through runSession (the command line's code path too); the
// presenter (loop-presenter.ts) plays its progress into the views.
import type { LoopSettings } from '../loop/types.ts';
import type { CompareTag } from '../shared/comparison.ts';
import { errorMessage } from '../shared/error-message.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, Session } from '../shared/session.ts';
import type { HistoryStore } from '../store/history-store.ts';
import type { Editor } from '../ui/editor/editor.ts';
import { LoopPresenter, type LoopViews } from './loop-presenter.ts';
import { runSession } from './session.ts';

export interface LoopParts extends LoopViews {
  editor: Editor;
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

/** Resolves when the session has ended; failures to start are shown, not thrown. */
export async function playLoop(p: LoopParts, req: LoopRequest): Promise<PlayedLoop> {
  const presenter = new LoopPresenter(p, req.editedCode !== undefined);
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
      clientOptions: { retry: { onRetry: ({ delayMs, error }) => presenter.retrying(delayMs, error) } },
      onSession: (s) => presenter.started(s, req.resumeId !== undefined),
      onSaveError: (message) => presenter.saveFailed(message),
      hooks: presenter,
    });
    presenter.ended(session, unsaved);
    return { stored, session, attempts: outcome.attempts };
  } catch (err) {
    presenter.failed(errorMessage(err));
    return { stored: false };
  }
}
