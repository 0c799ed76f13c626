// A local model endpoint for tests: speaks OpenAI, Anthropic or Ollama exactly as the real
// services do, with CORS, scripted replies and failures, and a log of every request.
import { deferred } from '../../src/shared/deferred.ts';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerPreflight, corsHeaders } from './cors.ts';
import type { CorsOptions } from './cors.ts';
import { isErrorBehaviour, pieces, playError, playStream } from './play.ts';
import type { ScriptedReply, Step } from './play.ts';
import { anthropicBrowserRefusal, anthropicWire } from './wire-anthropic.ts';
import { ollamaWire } from './wire-ollama.ts';
import { openaiWire } from './wire-openai.ts';
import { N_REFUSAL, playChoices } from './play-choices.ts';
import { checkMessages, imagesIn, refuseImages } from './wire-messages.ts';
import type { Behaviour, Format, HttpReply, WireFormat } from './wire-types.ts';

export type { Behaviour, Format } from './wire-types.ts';

export interface ModelServerOptions {
  format: Format;
  /** Default '*': any origin is reflected. */
  allowedOrigins?: string[] | '*';
  /** Default: exactly the headers this provider's client needs. */
  allowedHeaders?: string[];
  /** Default ['retry-after']. */
  exposeHeaders?: string[];
  /** When set, requests must carry this key the provider's way. */
  apiKey?: string;
  models?: string[];
  rejectUnknownModels?: boolean;
  /** Step used when the script is empty. Default: a normal reply. */
  fallback?: Step;
  /**
   * Picks the reply from the request when the script is empty (before `fallback`), so replies can
   * follow the task asked about whatever order parallel requests arrive in.
   */
  respond?: (body: Record<string, unknown>) => Step | string | undefined;
  /** OpenRouter's ': OPENROUTER PROCESSING' comment lines before the stream. */
  comments?: boolean;
  chunkDelayMs?: number;
  /**
   * OpenAI's `n` (several replies to one request): by default ignored, one reply, as many local
   * servers do; 'reject' answers 400 as Groq does; a number streams up to that many replies.
   */
  n?: 'reject' | number;
  /** Default true; false answers a request with pictures as the provider does for a model without vision. */
  vision?: boolean;
}

interface LoggedRequest {
  method: string;
  /** Path after any /_/<behaviour> prefix. */
  path: string;
  headers: Record<string, string | undefined>;
  /** Parsed JSON when it was JSON, else the raw text. */
  body: unknown;
  origin: string | undefined;
  behaviour?: Behaviour;
  /** For OPTIONS: the headers the preflight asked for. */
  preflightHeaders?: string[];
  framesSent: number;
  /** The client went away before the reply was complete. */
  closedEarly: boolean;
  /** Settles when the exchange is over, either way. */
  finished: Promise<void>;
}

export interface ModelServer {
  url: string;
  /** The base URL a client is configured with (…/v1 for OpenAI-compatible). */
  baseUrl: string;
  format: Format;
  requests: LoggedRequest[];
  chatRequests(): LoggedRequest[];
  /** Queue steps; each chat request takes the next one. */
  script(...steps: (Step | Behaviour)[]): void;
  /** Queue normal replies (e.g. a buggy program, then a fixed one). */
  reply(...replies: (string | ScriptedReply)[]): void;
  /** A base URL whose every chat request plays this behaviour, leaving the script alone. */
  baseUrlFor(behaviour: Behaviour): string;
  pending(): number;
  reset(): void;
  close(): Promise<void>;
}

const WIRES: Record<Format, WireFormat> = { openai: openaiWire, anthropic: anthropicWire, ollama: ollamaWire };
const DEFAULT_REPLY: ScriptedReply = { text: 'Hello from the test server.' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(res: ServerResponse, reply: HttpReply, cors: Record<string, string>): void {
  res.writeHead(reply.status, { ...reply.headers, ...cors });
  res.end(reply.body);
}

/** Deterministic counts that differ from the client's chars/4 estimate, so tests can tell them apart. */
function countTokens(body: Record<string, unknown>, reply: ScriptedReply): { input: number; output: number } {
  if (reply.usage) return reply.usage;
  const words =
    JSON.stringify(body.messages ?? '').split(/\s+/).length +
    (typeof body.system === 'string' ? body.system.split(/\s+/).length : 0);
  return { input: 7 + words, output: pieces(reply.text).length + pieces(reply.reasoning ?? '').length };
}

export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const wire = WIRES[options.format];
  const cors: CorsOptions = {
    allowedOrigins: options.allowedOrigins ?? '*',
    allowedHeaders: options.allowedHeaders ?? wire.allowedHeaders,
    exposeHeaders: options.exposeHeaders ?? ['retry-after'],
  };
  const models = options.models ?? ['test-model', 'test-model-large'];
  const requests: LoggedRequest[] = [];
  let queue: Step[] = [];

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    entry: LoggedRequest,
    prefix: Behaviour | undefined,
  ): Promise<void> {
    const h = corsHeaders(entry.origin, cors);
    if (req.method === 'OPTIONS') {
      entry.preflightHeaders = answerPreflight(req, res, cors);
      return;
    }
    const raw = await readBody(req);
    entry.body = raw === '' ? undefined : parse(raw);
    if (options.format === 'ollama' && req.method === 'GET' && entry.path === '/') {
      return send(res, { status: 200, headers: { 'content-type': 'text/plain' }, body: 'Ollama is running' }, h);
    }
    const isChat = req.method === 'POST' && entry.path === wire.chatPath;
    const isModels = req.method === 'GET' && entry.path.split('?')[0] === wire.modelsPath;
    if (!isChat && !isModels) return send(res, wire.unknownPath(req.method ?? 'GET', entry.path), h);
    if (
      options.format === 'anthropic' &&
      entry.origin !== undefined &&
      entry.headers['anthropic-dangerous-direct-browser-access'] !== 'true'
    ) {
      return send(res, anthropicBrowserRefusal(), h);
    }
    const body = (typeof entry.body === 'object' && entry.body !== null ? entry.body : {}) as Record<string, unknown>;
    const model = typeof body.model === 'string' ? body.model : 'test-model';
    if (options.apiKey !== undefined && wire.keyOf(entry.headers) !== options.apiKey)
      return send(res, wire.errorReply('auth', model), h);
    if (isChat) {
      const bad = checkMessages(options.format, body);
      if (bad) return send(res, bad, h);
      if (options.vision === false && imagesIn(options.format, body) > 0)
        return send(res, refuseImages(options.format), h);
    }
    if (isModels) {
      if (prefix !== undefined && isErrorBehaviour(prefix)) return send(res, wire.errorReply(prefix, model), h);
      return send(
        res,
        { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(wire.modelsBody(models)) },
        h,
      );
    }
    if (options.rejectUnknownModels && !models.includes(model))
      return send(res, wire.errorReply('not-found', model), h);
    const wanted = options.format === 'openai' && typeof body.n === 'number' && prefix === undefined ? body.n : 1;
    if (wanted > 1 && options.n === 'reject')
      return send(res, { status: 400, headers: { 'content-type': 'application/json' }, body: N_REFUSAL }, h);
    if (wanted > 1 && typeof options.n === 'number') {
      const texts = Array.from({ length: Math.min(wanted, options.n) }, () => {
        const answered = queue.length === 0 ? options.respond?.(body) : undefined;
        const step =
          queue.shift() ?? (typeof answered === 'string' ? { reply: answered } : answered) ?? options.fallback;
        const given = step?.reply ?? DEFAULT_REPLY;
        return typeof given === 'string' ? given : given.text;
      });
      const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
      const inputTokens = countTokens(body, { text: '' }).input;
      return playChoices(res, { model, inputTokens, includeUsage, cors: h, log: entry }, texts);
    }
    const answered = prefix === undefined && queue.length === 0 ? options.respond?.(body) : undefined;
    const queued =
      prefix === undefined
        ? (queue.shift() ?? (typeof answered === 'string' ? { reply: answered } : answered))
        : undefined;
    const step: Step = prefix !== undefined ? { behaviour: prefix } : (queued ?? options.fallback ?? {});
    const given = step.reply ?? (prefix === undefined ? undefined : options.fallback?.reply) ?? DEFAULT_REPLY;
    const reply = typeof given === 'string' ? { text: given } : given;
    entry.behaviour = step.behaviour ?? 'reply';
    const tokens = countTokens(body, reply);
    const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
    const ctx = {
      model,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      includeUsage: options.format !== 'openai' || streamOptions?.include_usage === true,
      ...(reply.finishReason !== undefined ? { finishReason: reply.finishReason } : {}),
    };
    const play = {
      wire,
      ctx,
      reply,
      step,
      comments: options.comments ?? false,
      chunkDelayMs: options.chunkDelayMs ?? 0,
      cors: h,
      log: entry,
      closed: () => entry.closedEarly || res.destroyed,
    };
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
    if (isErrorBehaviour(entry.behaviour)) return playError(res, play, entry.behaviour);
    await playStream(res, play);
  }

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const m = /^\/_\/([a-z-]+)(\/.*)?$/.exec(url);
    const { promise: finished, resolve: done } = deferred();
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: m ? (m[2] ?? '/') : url,
      headers: { ...req.headers } as Record<string, string | undefined>,
      body: undefined,
      origin: req.headers.origin,
      framesSent: 0,
      closedEarly: false,
      finished,
    };
    requests.push(entry);
    res.on('close', () => {
      if (!res.writableFinished) entry.closedEarly = true;
      done();
    });
    handle(req, res, entry, m?.[1] as Behaviour | undefined).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseFor = (root: string): string => (options.format === 'openai' ? `${root}/v1` : root);

  return {
    url,
    baseUrl: baseFor(url),
    format: options.format,
    requests,
    chatRequests: () => requests.filter((r) => r.method === 'POST' && r.path === wire.chatPath),
    script: (...steps) => queue.push(...steps.map((s) => (typeof s === 'string' ? { behaviour: s } : s))),
    reply: (...replies) => queue.push(...replies.map((reply) => ({ behaviour: 'reply' as const, reply }))),
    baseUrlFor: (behaviour) => baseFor(`${url}/_/${behaviour}`),
    pending: () => queue.length,
    reset() {
      requests.length = 0;
      queue = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
