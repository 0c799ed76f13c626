import { describe, expect, it } from 'vitest';
import { httpError, streamError } from '../../../src/models/describe.ts';
import type { ErrorContext } from '../../../src/models/describe.ts';
import { errorFields, kindOf } from '../../../src/models/error-payload.ts';
import { ModelError, scrubError, scrubSecret } from '../../../src/models/errors.ts';
import { networkError } from '../../../src/models/network-error.ts';
import { getPreset } from '../../../src/models/presets.ts';
import type { Preset } from '../../../src/models/presets.ts';

function ctx(id: string, extra: Partial<ErrorContext> = {}): ErrorContext {
  const preset = getPreset(id) as Preset;
  return { preset, baseUrl: preset.baseUrl || 'https://llm.example.org/v1', model: 'm1', hasKey: true, ...extra };
}

const J = (o: unknown): string => JSON.stringify(o);

describe('error payload shapes', () => {
  it('reads every provider shape', () => {
    expect(errorFields({ error: { message: 'a', type: 't', code: 'c' } })).toEqual({
      message: 'a',
      type: 't',
      code: 'c',
    });
    expect(errorFields({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toEqual({
      type: 'overloaded_error',
      message: 'Overloaded',
    });
    expect(errorFields({ error: 'model "x" not found' })).toEqual({ message: 'model "x" not found' });
    expect(errorFields({ object: 'error', message: 'too long', type: 'BadRequestError', code: 400 })).toEqual({
      message: 'too long',
      type: 'BadRequestError',
      code: '400',
    });
    expect(errorFields([{ error: { code: 429, message: 'q', status: 'RESOURCE_EXHAUSTED' } }])).toEqual({
      message: 'q',
      type: 'RESOURCE_EXHAUSTED',
      code: '429',
    });
    expect(errorFields({ detail: 'Not Found' })).toEqual({ message: 'Not Found' });
    expect(errorFields({ choices: [] })).toBeUndefined();
  });

  it('tells a rate limit from a spent budget, even when the rate-limit text mentions billing', () => {
    const rateText = 'Rate limit reached ... add a payment method at https://platform.openai.com/account/billing.';
    expect(kindOf(429, { message: rateText, type: 'requests', code: 'rate_limit_exceeded' })).toBe('rate-limit');
    expect(
      kindOf(429, {
        message: 'You exceeded your current quota',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      }),
    ).toBe('quota');
    expect(
      kindOf(400, {
        type: 'invalid_request_error',
        message: 'Your credit balance is too low to access the Anthropic API.',
      }),
    ).toBe('quota');
    expect(
      kindOf(400, { type: 'invalid_request_error', message: 'You have reached your specified API usage limits.' }),
    ).toBe('quota');
    expect(kindOf(402, { message: 'Insufficient Balance' })).toBe('quota');
    expect(kindOf(undefined, { type: 'billing_error', message: 'x' })).toBe('quota');
  });

  it("finds context overflow in each provider's words", () => {
    expect(kindOf(400, { code: 'context_length_exceeded', message: 'x' })).toBe('context-length');
    expect(kindOf(400, { message: 'prompt is too long: 208732 tokens > 200000 maximum' })).toBe('context-length');
    expect(
      kindOf(400, {
        type: 'exceed_context_size_error',
        message: 'request (5120 tokens) exceeds the available context size (4096 tokens)',
      }),
    ).toBe('context-length');
    expect(
      kindOf(400, { type: 'BadRequestError', message: "This model's maximum context length is 4096 tokens." }),
    ).toBe('context-length');
    expect(
      kindOf(413, { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' }),
    ).toBe('context-length');
  });

  it('maps statuses to kinds', () => {
    expect(kindOf(401, {})).toBe('auth');
    expect(kindOf(403, {})).toBe('auth');
    expect(kindOf(404, {})).toBe('not-found');
    expect(kindOf(503, {})).toBe('overloaded');
    expect(kindOf(529, {})).toBe('overloaded');
    expect(kindOf(500, {})).toBe('server');
    expect(kindOf(422, {})).toBe('bad-request');
    expect(kindOf(undefined, { type: 'overloaded_error' })).toBe('overloaded');
    expect(kindOf(undefined, { message: 'boom' })).toBe('server');
  });
});

describe('httpError', () => {
  it('says what happened and what to do for a wrong key', () => {
    const e = httpError(
      401,
      J({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }),
      'application/json',
      ctx('anthropic'),
    );
    expect(e).toBeInstanceOf(ModelError);
    expect(e.info).toMatchObject({ kind: 'auth', status: 401 });
    expect(e.message).toContain('invalid x-api-key');
    expect(e.hint).toContain('console.anthropic.com');
  });

  it('says no key is set when none was sent', () => {
    expect(httpError(401, '{}', 'application/json', ctx('openai', { hasKey: false })).hint).toMatch(
      /No API key is set/,
    );
  });

  it('tells Ollama users to pull a missing model', () => {
    const e = httpError(
      404,
      J({ error: 'model "llama9" not found, try pulling it first' }),
      'application/json',
      ctx('ollama', { model: 'llama9' }),
    );
    expect(e.kind).toBe('not-found');
    expect(e.hint).toContain('ollama pull llama9');
  });

  it('treats HTML, empty bodies and redirects as bad responses', () => {
    expect(httpError(200, '<!DOCTYPE html><html>', 'text/html', ctx('custom')).kind).toBe('bad-response');
    expect(httpError(404, '<html>', '', ctx('custom')).hint).toMatch(/end in \/v1/);
    const empty = httpError(500, '', '', ctx('lmstudio'));
    expect(empty.kind).toBe('bad-response');
    expect(empty.message).toMatch(/empty body/);
    expect(httpError(302, '', '', ctx('openai')).message).toMatch(/redirect/);
  });

  it('keeps an empty 429 or 503 retryable', () => {
    expect(httpError(429, '', '', ctx('openai')).kind).toBe('rate-limit');
    expect(httpError(503, '', '', ctx('openai'), 2000).retryAfterMs).toBe(2000);
  });

  it('quotes plain-text bodies, trimmed to one line', () => {
    const e = httpError(400, 'bad\n\n   thing '.repeat(100), 'text/plain', ctx('vllm'));
    expect(e.kind).toBe('bad-request');
    expect(e.message.length).toBeLessThan(450);
    expect(e.message).not.toContain('\n');
  });

  it('describes errors that arrive inside the stream', () => {
    const e = streamError({ type: 'overloaded_error', message: 'Overloaded' }, ctx('anthropic'));
    expect(e.info).toMatchObject({ kind: 'overloaded' });
    expect(e.status).toBeUndefined();
    expect(e.message).toMatch(/while streaming/);
  });
});

describe('network errors', () => {
  it('names the three causes and the provider fix', () => {
    const e = networkError(ctx('ollama', { pageOrigin: 'https://me.github.io' }));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/not running|offline|CORS/);
    expect(e.hint).toContain('OLLAMA_ORIGINS=https://me.github.io');
    expect(e.hint).toMatch(/local network/);
  });

  it('gives LM Studio, llama.cpp and vLLM their own fixes', () => {
    expect(networkError(ctx('lmstudio')).hint).toMatch(/Enable CORS/);
    expect(networkError(ctx('llamacpp', { pageOrigin: 'https://a.b' })).hint).toContain('--cors-origins https://a.b');
    expect(networkError(ctx('vllm')).hint).toContain('--allowed-origins');
    expect(networkError(ctx('openai')).hint).toMatch(/accepts calls made from a web page/);
  });

  it('warns about mixed content from an https page to plain http elsewhere', () => {
    const e = networkError(
      ctx('custom', { baseUrl: 'http://192.168.1.20:8080/v1', pageOrigin: 'https://me.github.io' }),
    );
    expect(e.hint).toMatch(/blocks plain http/);
    expect(networkError(ctx('ollama', { pageOrigin: 'https://me.github.io' })).hint).not.toMatch(/blocks plain http/);
  });
});

describe('the key never reaches a message', () => {
  it('scrubs the exact key and key-shaped strings', () => {
    const key = 'my-very-secret-key-123';
    expect(scrubSecret(`bad key ${key}!`, key)).toBe('bad key [key hidden]!');
    expect(scrubSecret('Incorrect API key provided: sk-proj-abcdefghijklmnopqrstuv')).not.toContain('abcdefghijklmnop');
    expect(scrubSecret('Authorization: Bearer abcdefghijklmnopq')).not.toContain('abcdefghijklmnopq');
    expect(scrubSecret('gsk_ABCDEFGHIJKLMNOPQRST and AIzaSyA1234567890abcdefghijklmnopqrstu')).toBe(
      '[key hidden] and [key hidden]',
    );
  });

  it('scrubs message and hint of a ModelError', () => {
    const e = scrubError(
      new ModelError({ kind: 'auth', message: 'key k3y-k3y-k3y rejected', hint: 'k3y-k3y-k3y' }),
      'k3y-k3y-k3y',
    );
    expect(JSON.stringify(e)).not.toContain('k3y-k3y-k3y');
    expect(e.message).not.toContain('k3y-k3y-k3y');
  });
});
