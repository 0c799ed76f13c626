// One agent run from the page: the session is stored as it starts (with the user's files), each
// action is saved as its observation arrives, and the end (answer, files the code wrote) closes
// it. The view shows it all as it happens. A history that cannot be written (a full quota above
// all) says so plainly and the run goes on, shown but not saved.
import { runAgent } from '../loop/agent/run-agent.ts';
import { createModelClient } from '../models/create-client.ts';
import type { AgentFile, AgentLanguage, AgentSessionRuntime, Observation } from '../shared/agent.ts';
import { changedFiles } from '../shared/agent-files.ts';
import type { AgentEndReason, AgentEvent, AgentRunResult, AgentStep } from '../shared/agent-run.ts';
import { errorMessage } from '../shared/error-message.ts';
import { clip, formatBytes } from '../shared/format.ts';
import type { EndpointConfig } from '../shared/model.ts';
import { DEFAULT_LIMITS } from '../shared/run.ts';
import type { Attempt, EndReason, Session } from '../shared/session.ts';
import type { HistoryStore } from '../store/history-store.ts';
import type { AgentCaps, AgentView } from '../ui/agent/agent-view.ts';
import { endText } from '../ui/agent/end-text.ts';

export interface AgentRunRequest {
  view: AgentView;
  goal: string;
  language: AgentLanguage;
  files: AgentFile[];
  caps: AgentCaps;
  endpoint: EndpointConfig;
  temperature?: number;
  runtime: AgentSessionRuntime;
  store: HistoryStore | undefined;
  signal: AbortSignal;
}

/** After Stop, the interpreter gets this long to come back before it is closed. */
const STOP_GRACE_MS = 1000;

function newSession(r: AgentRunRequest): Session {
  const now = Date.now();
  const title = clip(r.goal.trim().split('\n')[0] ?? 'Agent run', 80);
  return {
    id: crypto.randomUUID(),
    title,
    task: {
      kind: 'agent',
      id: `agent-${now.toString(36)}`,
      title,
      prompt: r.goal,
      language: r.language,
      tests: { kind: 'none' },
      limits: { timeoutSec: r.caps.actionTimeoutSec, outputCap: DEFAULT_LIMITS.outputCap },
      agent: { files: r.files.map((f) => ({ name: f.name, size: f.size })) },
    },
    settings: {
      provider: r.endpoint.provider,
      baseUrl: r.endpoint.baseUrl,
      model: r.endpoint.model,
      maxIterations: r.caps.maxActions,
      ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
    },
    createdAt: now,
    updatedAt: now,
    status: 'running',
  };
}

function attemptOf(sessionId: string, step: AgentStep, observation: Observation): Attempt {
  return {
    sessionId,
    index: step.index,
    messages: [],
    reply: step.reply,
    ...(step.code !== undefined ? { candidate: step.code } : {}),
    source: 'model',
    ...(step.feedback !== undefined ? { feedback: step.feedback } : {}),
    usage: step.usage ?? { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    runMs: observation.ms,
    createdAt: Date.now(),
    observation,
  };
}

export async function runAgentSession(r: AgentRunRequest): Promise<void> {
  const { view } = r;
  const t = view.transcript;
  t.reset(r.language);
  view.setOutputs([]);
  const session = newSession(r);
  let store = r.store;
  const unsaved = (err: unknown): void => {
    view.setNotice(`${errorMessage(err)} This run is not being saved in the history.`);
    store = undefined;
  };
  const inputBytes = r.files.reduce((n, f) => n + f.size, 0);
  try {
    await store?.createSession(session);
    await store?.saveAgentFiles(session.id, 'input', r.files);
  } catch (err) {
    const what = r.files.length ? ` The files (${formatBytes(inputBytes)}) could not be kept with it.` : '';
    unsaved(`${errorMessage(err)}${what}`);
    await r.store?.deleteSession(session.id).catch(() => undefined);
  }

  const steps = new Map<number, AgentStep>();
  let streamed = '';
  const onEvent = (e: AgentEvent): void => {
    if (e.type === 'step-started') {
      streamed = '';
      view.setStatus(`Asking the model for action ${e.step}…`, 'pending');
    } else if (e.type === 'model-text') t.streaming((streamed += e.text));
    else if (e.type === 'model-reset') t.streaming((streamed = ''));
    else if (e.type === 'reply' && e.code !== undefined) {
      const step: AgentStep = { index: e.step, reply: e.text, code: e.code };
      steps.set(e.step, step);
      t.step({ index: e.step, reply: e.text, code: e.code });
      view.setStatus(`Running action ${e.step}…`, 'pending');
    } else if (e.type === 'observation') {
      const step = steps.get(e.step);
      if (!step?.code) return;
      Object.assign(step, { observation: e.observation, feedback: e.feedback });
      t.step({ index: e.step, reply: step.reply, code: step.code, observation: e.observation });
      void store?.saveAttempt(attemptOf(session.id, step, e.observation)).catch(unsaved);
    } else if (e.type === 'status') view.setStatus(e.text, 'pending');
  };

  // Stop answers at once: the view says so, and an interpreter that does not come back in time is closed.
  const onStop = (): void => {
    view.setStatus('Stopping…', 'pending');
    setTimeout(() => r.runtime.close(), STOP_GRACE_MS);
  };
  r.signal.addEventListener('abort', onStop, { once: true });
  let result: AgentRunResult | undefined;
  let failure: string | undefined;
  try {
    await r.runtime.start(r.files);
    result = await runAgent({
      model: createModelClient(r.endpoint),
      runtime: r.runtime,
      goal: { goal: r.goal, language: r.language, files: r.files },
      limits: {
        maxActions: r.caps.maxActions,
        actionTimeoutMs: r.caps.actionTimeoutSec * 1000,
        outputCap: DEFAULT_LIMITS.outputCap,
      },
      temperature: r.temperature,
      signal: r.signal,
      onEvent,
    });
  } catch (err) {
    failure = r.signal.aborted ? undefined : errorMessage(err);
  } finally {
    r.signal.removeEventListener('abort', onStop);
  }
  const endReason: AgentEndReason = result?.endReason ?? (failure ? 'sandbox-failed' : 'stopped');
  const message = result?.error ?? failure;
  const outputs = r.signal.aborted
    ? []
    : await r.runtime.files().then(
        (now) => changedFiles(r.files, now),
        () => [],
      );
  r.runtime.close();
  showEnd(view, endReason, result?.answer, message);
  view.setOutputs(outputs);
  if (!store) return;
  try {
    if (outputs.length) await store.saveAgentFiles(session.id, 'output', outputs);
  } catch (err) {
    view.setNotice(`${errorMessage(err)} The files the code wrote are not kept in the history.`);
  }
  await store
    .finishSession(session.id, endReason, message, undefined, result?.answer)
    .catch((err: unknown) => view.setNotice(errorMessage(err)));
}

/** The transcript's end and the status line, for a run that just ended or one opened from the history. */
export function showEnd(view: AgentView, reason: EndReason, answer: string | undefined, message?: string): void {
  const end = endText(reason, message);
  if (answer !== undefined) view.transcript.final(answer, end.how);
  else view.transcript.note(end.how, end.tone === 'failed' ? 'error' : 'warning');
  view.setStatus(end.status, end.tone);
}
