// One session of the loop, saved as it happens: the page and the command line both go through here.
import { runLoop } from '../loop/engine.ts';
import type { LoopHooks, LoopOutcome, LoopSettings } from '../loop/types.ts';
import { createModelClient, type FactoryOptions } from '../models/create-client.ts';
import { addFigures, type CompareTag, type RunFigures } from '../shared/comparison.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { Runtime } from '../shared/runtime.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, Session } from '../shared/session.ts';
import { errorMessage } from '../shared/error-message.ts';
import { StoreError } from '../store/errors.ts';
import type { HistoryStore } from '../store/history-store.ts';

export interface SessionRequest {
  task: Task;
  /** With its key: the key goes to the client only, never into the session record. */
  endpoint: EndpointConfig;
  settings: LoopSettings;
  runtime: Runtime;
  store?: HistoryStore;
  signal?: AbortSignal;
  hooks?: Partial<LoopHooks>;
  /** Passed to the model client: the page listens to rate-limit waits through retry.onRetry. */
  clientOptions?: FactoryOptions;
  /** Go on with a stored session (interrupted, or finished and continued). */
  resumeId?: string;
  /** Code edited by hand: run first, then the loop goes on from it. */
  editedCode?: string;
  /** A new session run as one side of a strategy comparison carries its tag. */
  compare?: CompareTag;
  /** Called with the id as soon as the session exists, before the first model call. */
  onSession?(session: Session): void;
  /**
   * The history could not be written (storage full): the run goes on, and an unsaved attempt is
   * saved again after the next one. Called with undefined once everything is saved again.
   */
  onSaveError?(message: string | undefined): void;
}

export interface SessionOutcome {
  session: Session;
  outcome: LoopOutcome;
  /** Attempts that are still not saved at the end. */
  unsaved: Attempt[];
  /** False when the session itself could not be stored, so it cannot be resumed later. */
  stored: boolean;
}

function newSession(task: Task, endpoint: EndpointConfig, settings: LoopSettings, compare?: CompareTag): Session {
  const now = Date.now();
  return {
    id: crypto.randomUUID(),
    title: task.title,
    task,
    settings: {
      provider: endpoint.provider,
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      maxIterations: settings.maxIterations,
      tokenBudget: settings.tokenBudget,
      timeBudgetSec: settings.timeBudgetSec,
      temperature: settings.temperature,
      ...(settings.strategy ? { strategy: settings.strategy } : {}),
    },
    createdAt: now,
    updatedAt: now,
    status: 'running',
    ...(compare ? { compare } : {}),
  };
}

const figuresOf = (o: LoopOutcome): RunFigures => ({
  modelCalls: o.modelCalls,
  samples: o.samples,
  elapsedMs: o.elapsedMs,
  usage: o.usage,
});

export async function runSession(req: SessionRequest): Promise<SessionOutcome> {
  let { store } = req;
  let session: Session;
  let earlier: Attempt[] = [];
  if (req.resumeId) {
    if (!store) throw new Error('cannot resume a session without the history store');
    session = await store.resumeSession(req.resumeId);
    earlier = await store.getAttempts(req.resumeId);
  } else {
    session = newSession(req.task, req.endpoint, req.settings, req.compare);
    try {
      await store?.createSession(session);
    } catch (err) {
      // A full disk (or storage closed under the page) must not stop the run: it goes on,
      // shown but not saved.
      if (!(err instanceof StoreError)) throw err;
      req.onSaveError?.(`${errorMessage(err)} This session is not being saved.`);
      store = undefined;
    }
  }
  req.onSession?.(session);

  const unsaved: Attempt[] = [];
  let failing = false;
  const flush = async (): Promise<void> => {
    try {
      while (store && unsaved.length) {
        await store.saveAttempt(unsaved[0]!);
        unsaved.shift();
      }
      if (failing) req.onSaveError?.(undefined);
      failing = false;
    } catch (err) {
      failing = true;
      req.onSaveError?.(errorMessage(err));
    }
  };

  let outcome: LoopOutcome;
  try {
    outcome = await runLoop({
      task: session.task,
      model: createModelClient(req.endpoint, req.clientOptions),
      runtime: req.runtime,
      settings: req.settings,
      signal: req.signal,
      sessionId: session.id,
      startFrom:
        earlier.length || req.editedCode !== undefined ? { attempts: earlier, editedCode: req.editedCode } : undefined,
      hooks: {
        ...req.hooks,
        onAttempt: async (attempt) => {
          if (store) unsaved.push(attempt);
          await flush();
          await req.hooks?.onAttempt?.(attempt);
        },
      },
    });
  } catch (err) {
    // The loop itself failed: the session must not stay 'running' with no page behind it.
    await store
      ?.finishSession(session.id, 'interrupted', `The loop stopped unexpectedly: ${String(err)}`)
      .catch(() => undefined);
    throw err;
  }
  // A continued session adds this run's use to what its earlier runs used.
  const figures = addFigures(session.figures, figuresOf(outcome));
  if (store) {
    await flush();
    await store.finishSession(session.id, outcome.endReason, outcome.endMessage, figures).catch((err: unknown) => {
      req.onSaveError?.(errorMessage(err));
    });
  }
  const ended: Session = {
    ...session,
    status: 'done',
    endReason: outcome.endReason,
    endMessage: outcome.endMessage,
    figures,
  };
  return { session: ended, outcome, unsaved, stored: store !== undefined };
}
