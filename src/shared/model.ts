// The model endpoint contract. The loop talks to this; src/models/ implements it.

export type ProviderKind = 'openai' | 'anthropic' | 'ollama' | 'demo' | 'local';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /**
   * Pictures sent with a user message (a rendered page, an agent's plot). Clients send them as
   * the provider's image parts; an endpoint that refuses images gets the text alone.
   */
  images?: ChatImage[];
}

export interface ChatImage {
  /** 'image/png', 'image/jpeg' or 'image/webp'. */
  mime: string;
  /** The bytes, base64 without a data: prefix. */
  base64: string;
}

export interface ChatRequest {
  system?: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /**
   * Replies to draw from this one request (OpenAI's `n`). Only a client with `multipleChoices`
   * sends it; the endpoint may still refuse it or give fewer.
   */
  n?: number;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** True when the endpoint gave no counts and these are estimates. */
  estimated?: boolean;
}

export interface StreamEvent {
  type: 'text' | 'reasoning';
  text: string;
}

export interface ChatResult {
  text: string;
  reasoning?: string;
  /** 'stop', 'length' (cut by the token limit), or the provider's own word for anything else. */
  finishReason: string;
  usage: Usage;
  /** When the request asked for n > 1: every reply the endpoint gave, by its index (the first is `text`). */
  choices?: ChatChoice[];
  /**
   * Set when the request carried pictures and the endpoint refuses image input (now or on an
   * earlier call): the text went alone. Says so in words.
   */
  imagesRefused?: string;
}

interface ChatChoice {
  text: string;
  finishReason: string;
}

export type ModelErrorKind =
  | 'auth' // wrong or missing key (401/403)
  | 'not-found' // unknown model or path (404)
  | 'context-length' // prompt too long: the loop may shrink and retry
  | 'rate-limit' // 429 that persisted through retries
  | 'quota' // spend limit / insufficient credit: never retried
  | 'overloaded' // 503 / 529 that persisted
  | 'network' // Failed to fetch: down, offline, or CORS
  | 'bad-response' // HTML, empty or unparsable body
  | 'server' // other 5xx or error events mid-stream
  | 'bad-request' // other 4xx
  | 'cancelled';

export interface ModelErrorInfo {
  kind: ModelErrorKind;
  /** What happened, in words a user can act on (never contains the key). */
  message: string;
  /** What to do about it. */
  hint?: string;
  status?: number;
}

export interface EndpointConfig {
  provider: ProviderKind;
  baseUrl: string;
  model: string;
  /** Kept out of anything that is stored or exported; clients never expose it back. */
  apiKey?: string;
  /** Preset id (src/models/presets.ts): picks request quirks and the hint shown when unreachable. */
  preset?: string;
  /** Prices per million tokens, for cost display. */
  priceInPerM?: number;
  priceOutPerM?: number;
}

export interface ModelClient {
  readonly config: EndpointConfig;
  /** Sends `n`: the endpoint may answer several replies to one request (until it is found not to). */
  readonly multipleChoices?: boolean;
  /** The endpoint refused `n`, or answered it with one reply: `multipleChoices` is false from now on. */
  refusesChoices?(): void;
  chat(req: ChatRequest, opts?: { signal?: AbortSignal; onEvent?: (e: StreamEvent) => void }): Promise<ChatResult>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}
