// Builds what every client needs from a config: fetch, retry policy, error context, URLs.
import type { EndpointConfig } from '../shared/model.ts';
import { ModelError } from './errors.ts';
import type { FetchLike, Transport } from './http.ts';
import { presetFor } from './presets.ts';
import type { Preset } from './presets.ts';
import { DEFAULT_IDLE_TIMEOUT_MS } from './idle.ts';
import { DEFAULT_RETRY } from './retry.ts';
import type { RetryPolicy } from './retry.ts';

export interface ClientOptions {
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  /** The page's origin, named in CORS hints; defaults to location.origin in a browser. */
  pageOrigin?: string;
  /** Give up on a request after this long without a byte from the server; default 5 minutes. */
  idleTimeoutMs?: number;
}

export interface ClientBase {
  transport: Transport;
  preset: Preset;
  base: string;
  key: string | undefined;
  /** The config with the key removed: what a client exposes and what may be stored. */
  publicConfig: EndpointConfig;
}

function trimBase(base: string): string {
  return base.trim().replace(/\/+$/, '');
}

/** Strips a suffix the user typed that the client adds itself (…/v1 for Anthropic, …/api for Ollama). */
export function stripSuffix(base: string, suffixes: string[]): string {
  let b = trimBase(base);
  for (const s of suffixes) if (b.endsWith(s)) b = b.slice(0, -s.length);
  return b;
}

export function publicConfig(config: EndpointConfig): EndpointConfig {
  const { apiKey: _key, ...rest } = config;
  return rest;
}

function defaultOrigin(): string | undefined {
  const loc = (globalThis as { location?: { origin?: string } }).location;
  return loc?.origin && loc.origin !== 'null' ? loc.origin : undefined;
}

export function clientBase(config: EndpointConfig, opts: ClientOptions = {}): ClientBase {
  const preset = presetFor(config);
  const key = config.apiKey?.trim() || undefined;
  const pageOrigin = opts.pageOrigin ?? defaultOrigin();
  const transport: Transport = {
    fetch: opts.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    retry: { ...DEFAULT_RETRY, ...opts.retry },
    ctx: { preset, baseUrl: trimBase(config.baseUrl), model: config.model, hasKey: key !== undefined },
    apiKey: key,
    idleTimeoutMs: opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
  if (pageOrigin !== undefined) transport.ctx.pageOrigin = pageOrigin;
  return { transport, preset, base: trimBase(config.baseUrl), key, publicConfig: publicConfig(config) };
}

/** A hosted provider without a key would only answer 401; say so without a round trip. */
export function requireKey(b: ClientBase): void {
  if (b.key !== undefined || b.preset.needsKey !== true) return;
  throw new ModelError({
    kind: 'auth',
    message: `No API key is set for ${b.preset.label}.`,
    hint: `Enter your ${b.preset.label} API key in the settings${b.preset.keyUrl ? ` (get one at ${b.preset.keyUrl})` : ''}.`,
  });
}

export function requireUrl(b: ClientBase): void {
  try {
    const u = new URL(b.base);
    if (u.protocol === 'http:' || u.protocol === 'https:') return;
  } catch {
    // fall through
  }
  throw new ModelError({
    kind: 'bad-request',
    message: `"${b.base}" is not a web address.`,
    hint: "Enter the endpoint's base URL, starting with http:// or https://.",
  });
}
