// What each wire format must provide for the test server to speak it.
export type Format = 'openai' | 'anthropic' | 'ollama';

/** Error replies a step can ask for; each format answers in its provider's exact shape. */
export type ErrorBehaviour =
  | 'auth'
  | 'not-found'
  | 'rate-limit'
  | 'overloaded'
  | 'unavailable'
  | 'quota'
  | 'html'
  | 'empty'
  | 'context-length'
  | 'context-length-llamacpp'
  | 'context-length-vllm';

type StreamBehaviour =
  'reply' | 'error-mid-stream' | 'drop' | 'end-early' | 'hang' | 'hang-after-headers' | 'slow' | 'garbage';

export type Behaviour = ErrorBehaviour | StreamBehaviour;

export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface StreamContext {
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** OpenAI only sends the usage chunk when the request asked for it. */
  includeUsage: boolean;
  finishReason?: string;
}

/** Frames are written in order; a stream builder remembers which content block is open. */
export interface StreamWriter {
  start(): string[];
  reasoning(piece: string): string[];
  text(piece: string): string[];
  finish(): string[];
  /** An error after HTTP 200; `early` when no text has been sent yet. */
  error(): string[];
}

export interface WireFormat {
  format: Format;
  contentType: string;
  /** The request headers a strict preflight allows: exactly what the client should send. */
  allowedHeaders: string[];
  chatPath: string;
  modelsPath: string;
  modelsBody(models: string[]): unknown;
  writer(ctx: StreamContext): StreamWriter;
  /** The request's key, as this provider reads it. */
  keyOf(headers: Record<string, string | undefined>): string | undefined;
  errorReply(kind: ErrorBehaviour, model: string): HttpReply;
  /** Answer for a path the server does not have. */
  unknownPath(method: string, path: string): HttpReply;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

const HTML_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Page not found</title></head><body><h1>404</h1><p>File not found</p></body></html>\n';

export function htmlReply(): HttpReply {
  return { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: HTML_PAGE };
}

export function emptyReply(): HttpReply {
  return { status: 500, headers: {}, body: '' };
}
