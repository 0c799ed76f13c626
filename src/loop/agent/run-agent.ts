// The agent loop (CodeAct, Code Interpreter): the model is told a goal, the user's files and the
// conventions; each reply's one fenced code block is an action run in an interpreter that keeps
// its state (an AgentSessionRuntime); what the action showed is the next message. No DOM: the
// page, the command line and the Node tests drive the same loop.
//
// Events, for a view (AgentEvent in src/shared/agent-run.ts), in this order for each step:
//   step-started {step}            a model call begins (step is 1-based)
//   model-text {step, text}*       the reply as it streams; model-reset {step} clears it on a retry
//   reply {step, text, code?}      the whole reply, and the action taken from it
//   observation {step, ...}        what the action showed, and the text and pictures the model reads
// then once, at the end: final-answer {answer?, endReason}. status {text} may come at any time.
// The run ends on final_answer / finalAnswer, on a reply with no code (its text is the answer),
// at a cap (actions, tokens, time), when a reply repeats the previous action ('stuck'), when the
// user stops it, or when the endpoint or the sandbox fails. runAgent never throws for those: the
// result says how it ended. The runtime is started and closed by the caller.
import type { AgentSessionRuntime, Observation } from '../../shared/agent.ts';
import type { ModelClient, Usage } from '../../shared/model.ts';
import type {
  AgentEndReason,
  AgentEvent,
  AgentGoal,
  AgentLimits,
  AgentRunResult,
  AgentStep,
} from '../../shared/agent-run.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { plural } from '../../shared/format.ts';
import { agentFirstMessage, agentSystemPrompt } from './prompt.ts';
import { AGENT_LEVELS, fitRequest } from './context.ts';
import { observationText } from './observation.ts';
import { actionOf } from './action.ts';
import { askModel } from './ask.ts';

export interface AgentRunOptions {
  model: ModelClient;
  /** Started already, with the goal's files. */
  runtime: AgentSessionRuntime;
  goal: AgentGoal;
  limits: AgentLimits;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  onEvent?: (e: AgentEvent) => void;
  /** The clock (tests); performance.now by default. */
  now?: () => number;
}

export async function runAgent(o: AgentRunOptions): Promise<AgentRunResult> {
  const now = o.now ?? (() => performance.now());
  const started = now();
  const emit = (e: AgentEvent): void => o.onEvent?.(e);
  const steps: AgentStep[] = [];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let modelCalls = 0;
  let actions = 0;
  let level = 0;
  const system = agentSystemPrompt(o.goal.language);
  const first = agentFirstMessage(o.goal, o.limits);

  const end = (endReason: AgentEndReason, extra: { answer?: string; error?: string } = {}): AgentRunResult => {
    emit({ type: 'final-answer', answer: extra.answer, endReason });
    return { endReason, ...extra, steps, actions, modelCalls, usage, ms: now() - started };
  };
  const overBudget = (): AgentEndReason | undefined => {
    if (o.limits.tokenBudget !== undefined && usage.inputTokens + usage.outputTokens >= o.limits.tokenBudget)
      return 'token-budget';
    if (o.limits.timeBudgetMs !== undefined && now() - started >= o.limits.timeBudgetMs) return 'time-budget';
    return undefined;
  };

  for (let index = 1; ; index++) {
    if (o.signal?.aborted) return end('stopped');
    const over = overBudget();
    if (over) return end(over);
    emit({ type: 'step-started', step: index });
    const ran = steps.filter((s) => s.code !== undefined);
    const left = o.limits.maxActions - actions;
    const note = ran.length ? `${plural(left, 'action')} left.` : undefined;
    const fitted = fitRequest({ system, first, steps: ran, note, budgetTokens: o.limits.contextTokens }, level);
    level = fitted.level;
    const asked = await askModel({
      model: o.model,
      request: fitted.request,
      temperature: o.temperature,
      maxTokens: o.maxTokens,
      signal: o.signal,
      // A context-length refusal: the same conversation, shortened one level further.
      shorter: () =>
        level + 1 < AGENT_LEVELS ? fitRequest({ system, first, steps: ran, note }, ++level).request : undefined,
      onDelta: (text) => emit({ type: 'model-text', step: index, text }),
      onReset: () => emit({ type: 'model-reset', step: index }),
      onStatus: (text) => emit({ type: 'status', text }),
    });
    modelCalls += asked.calls;
    if (!asked.ok) {
      if (asked.cancelled) return end('stopped');
      return end('endpoint-failed', { error: asked.error });
    }
    usage.inputTokens += asked.usage.inputTokens;
    usage.outputTokens += asked.usage.outputTokens;
    if (asked.usage.estimated) usage.estimated = true;
    const action = actionOf(asked.text, o.goal.language);
    const step: AgentStep = { index, reply: asked.text, usage: asked.usage };
    steps.push(step);
    if (action.code === undefined) {
      emit({ type: 'reply', step: index, text: asked.text });
      return end('answered', { answer: action.prose });
    }
    step.code = action.code;
    emit({ type: 'reply', step: index, text: asked.text, code: action.code });
    const previous = ran[ran.length - 1];
    if (previous?.code !== undefined && sameCode(previous.code, action.code)) return end('stuck');
    if (actions >= o.limits.maxActions) return end('iteration-cap');
    let observation: Observation;
    try {
      observation = await o.runtime.act(action.code, {
        timeoutMs: o.limits.actionTimeoutMs,
        outputCap: o.limits.outputCap,
        signal: o.signal,
      });
    } catch (err) {
      if (o.signal?.aborted) return end('stopped');
      return end('sandbox-failed', { error: errorMessage(err) });
    }
    actions++;
    const shown = observationText(observation);
    step.observation = observation;
    step.feedback = action.note ? `${action.note}\n\n${shown.text}` : shown.text;
    step.images = shown.images;
    emit({ type: 'observation', step: index, observation, feedback: step.feedback, images: shown.images });
    if (observation.finalAnswer !== undefined) return end('final-answer', { answer: observation.finalAnswer });
    if (o.signal?.aborted) return end('stopped');
    if (actions >= o.limits.maxActions) return end('iteration-cap');
  }
}

/** The same action, whatever its blank lines and trailing spaces. */
function sameCode(a: string, b: string): boolean {
  const norm = (s: string): string =>
    s
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l !== '')
      .join('\n');
  return norm(a) === norm(b);
}
