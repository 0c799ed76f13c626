// The offline demo model: no key, no network, the same reply every time. It recognises the
// bundled examples by their function name and plays a first attempt, then a repair.
import { ALL_EXAMPLES } from '../shared/examples.ts';
import type { ChatRequest, ChatResult, EndpointConfig, ModelClient } from '../shared/model.ts';
import { estimateRequestTokens, estimateTokens } from '../shared/tokens.ts';
import { DEMO_SCRIPTS } from './demo-script.ts';
import { SCRIPT_DEMO_SCRIPTS } from './demo-script-js.ts';
import { PROGRAM_DEMO_SCRIPTS } from './demo-script-program.ts';
import { sqlDemoReply } from './demo-script-sql.ts';
import { webDemoReply } from './demo-script-web.ts';
import { agentDemoReply } from './demo-script-agent.ts';
import { cancelledError } from './errors.ts';
import { abortableSleep } from './retry.ts';
import { publicConfig } from './client-base.ts';
import { PROPOSE_INPUTS_LEAD } from '../shared/selection.ts';

const DEMO_MODEL = 'demo';
export const DEMO_LABEL = 'Demo model (offline, scripted)';

export interface DemoOptions {
  /** Pause between chunks so the page shows streaming; 0 streams instantly (tests). */
  delayMs?: number;
  chunkChars?: number;
}

const SCRIPTS = [...DEMO_SCRIPTS, ...SCRIPT_DEMO_SCRIPTS, ...PROGRAM_DEMO_SCRIPTS];

function findScript(req: ChatRequest): (typeof DEMO_SCRIPTS)[number] | undefined {
  const firstUser = req.messages.find((m) => m.role === 'user')?.content ?? '';
  const text = `${req.system ?? ''}\n${firstUser}`;
  for (const task of ALL_EXAMPLES) {
    // A contest program has no function name: its statement's first sentence names it.
    if (task.tests.kind === 'program' && text.includes(task.prompt.slice(0, task.prompt.indexOf('.') + 1)))
      return SCRIPTS.find((s) => s.taskId === task.id);
    if (task.entryPoint === undefined) continue;
    if (new RegExp(`\\b${task.entryPoint}\\b`).test(text)) return SCRIPTS.find((s) => s.taskId === task.id);
  }
  return undefined;
}

const UNKNOWN =
  `I am the ${DEMO_LABEL}. I do not call any real model: I only know the bundled example tasks ` +
  `(${ALL_EXAMPLES.map((t) => t.title).join(', ')}). Pick one of them, or set up a real model endpoint ` +
  'in the settings to work on your own task.';

export const isDemoEndpoint = (config: Pick<EndpointConfig, 'provider'>): boolean => config.provider === 'demo';

/**
 * Said before the demo model is asked for what it cannot do (it would answer with no code or no
 * tests, and the person would see only a failure): what it knows, and where a real model is set.
 */
export function demoCannot(what: string, where = 'in Settings'): string {
  return `The demo model is scripted: it knows only the example tasks in the loop page's Example list, so it cannot ${what}. Set a real model endpoint ${where}.`;
}

/** Said when asked for inputs to a contest program: the script has none to give. */
const NO_INPUTS = `I am the ${DEMO_LABEL}: I only replay written solutions to the example tasks, so I cannot propose inputs.`;

/** The reply for a conversation: unknown task, first attempt, or the repair once feedback came. */
export function demoReply(req: ChatRequest): string {
  if (req.messages.some((m) => m.role === 'user' && m.content.includes(PROPOSE_INPUTS_LEAD))) return NO_INPUTS;
  const userTurns = req.messages.filter((m) => m.role === 'user').length;
  const sql = sqlDemoReply(req.messages.find((m) => m.role === 'user')?.content ?? '', userTurns > 1);
  if (sql !== undefined) return sql;
  // Pictures in the request are not looked at: the demo plays its script.
  const web = webDemoReply(req.messages.find((m) => m.role === 'user')?.content ?? '', userTurns > 1);
  if (web !== undefined) return web;
  const agent = agentDemoReply(req.messages.find((m) => m.role === 'user')?.content ?? '', userTurns - 1);
  if (agent !== undefined) return agent;
  const script = findScript(req);
  if (!script) return UNKNOWN;
  return userTurns > 1 ? script.repaired : script.first;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function createDemoClient(config: Partial<EndpointConfig> = {}, opts: DemoOptions = {}): ModelClient {
  const delayMs = opts.delayMs ?? 20;
  const chunkChars = Math.max(1, opts.chunkChars ?? 24);
  const cfg: EndpointConfig = publicConfig({
    provider: 'demo',
    baseUrl: 'demo:',
    model: DEMO_MODEL,
    preset: 'demo',
    ...config,
  });
  return {
    config: cfg,
    async chat(req, chatOpts = {}): Promise<ChatResult> {
      const { signal, onEvent } = chatOpts;
      const text = demoReply(req);
      for (const piece of chunks(text, chunkChars)) {
        if (signal?.aborted) throw cancelledError();
        if (delayMs > 0) await abortableSleep(delayMs, signal);
        onEvent?.({ type: 'text', text: piece });
      }
      if (signal?.aborted) throw cancelledError();
      return {
        text,
        finishReason: 'stop',
        usage: { inputTokens: estimateRequestTokens(req), outputTokens: estimateTokens(text), estimated: true },
      };
    },
    async listModels() {
      return [DEMO_MODEL];
    },
  };
}
