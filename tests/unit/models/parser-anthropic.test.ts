import { describe, expect, it } from 'vitest';
import { createAnthropicParser } from '../../../src/models/parsers/anthropic.ts';
import { anthropicWire } from '../../servers/wire-anthropic.ts';
import { everySplit } from './split-helper.ts';

const ev = (name: string, data: object): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const start = ev('message_start', {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude',
    stop_reason: null,
    usage: { input_tokens: 20, cache_creation_input_tokens: 3, cache_read_input_tokens: 2, output_tokens: 1 },
  },
});

describe('Anthropic stream parser, every chunk split', () => {
  it('reads text blocks, ping, message_delta usage and message_stop', () => {
    const body =
      start +
      ev('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }) +
      ev('ping', { type: 'ping' }) +
      ev('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: 'Grüße ' },
      }) +
      ev('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: '— 日本 🎉' },
      }) +
      ev('content_block_stop', { type: 'content_block_stop', index: 0 }) +
      ev('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: 15 },
      }) +
      ev('message_stop', { type: 'message_stop' });
    const { state } = everySplit(createAnthropicParser, body);
    expect(state).toMatchObject({
      text: 'Grüße — 日本 🎉',
      finishReason: 'stop',
      inputTokens: 25,
      outputTokens: 15,
      done: true,
    });
  });

  it('keeps thinking deltas apart and ignores signatures', () => {
    const body =
      start +
      ev('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '' },
      }) +
      ev('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'Let me see.' },
      }) +
      ev('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: 'abc' },
      }) +
      ev('content_block_stop', { type: 'content_block_stop', index: 0 }) +
      ev('content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }) +
      ev('content_block_delta', {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'text_delta', text: 'Done.' },
      }) +
      ev('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'max_tokens' },
        usage: { output_tokens: 9 },
      }) +
      ev('message_stop', { type: 'message_stop' });
    const { state, events } = everySplit(createAnthropicParser, body);
    expect(state.reasoning).toBe('Let me see.');
    expect(state.text).toBe('Done.');
    expect(state.finishReason).toBe('length');
    expect(events.map((e) => e.type)).toEqual(['reasoning', 'text']);
  });

  it('records an error event after HTTP 200', () => {
    const body = start + ev('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const { state } = everySplit(createAnthropicParser, body);
    expect(state.error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
    expect(state.done).toBe(false);
  });

  it('takes input tokens from message_delta when it carries them', () => {
    const body =
      start +
      ev('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { input_tokens: 40, output_tokens: 2 },
      }) +
      ev('message_stop', { type: 'message_stop' });
    expect(everySplit(createAnthropicParser, body).state).toMatchObject({ inputTokens: 40, outputTokens: 2 });
  });

  it('reads a JSON error body sent with 200, and a web page as malformed', () => {
    expect(
      everySplit(createAnthropicParser, '{"type":"error","error":{"type":"api_error","message":"boom"}}').state.error
        ?.message,
    ).toBe('boom');
    expect(everySplit(createAnthropicParser, '<html>').state.malformed).toMatch(/web page/);
  });

  it('agrees with the test server byte for byte', () => {
    const w = anthropicWire.writer({ model: 'm', inputTokens: 11, outputTokens: 4, includeUsage: true });
    const body = [...w.start(), ...w.reasoning('hmm'), ...w.text('print("ü")'), ...w.text(' ok'), ...w.finish()].join(
      '',
    );
    expect(everySplit(createAnthropicParser, body).state).toMatchObject({
      text: 'print("ü") ok',
      reasoning: 'hmm',
      inputTokens: 11,
      outputTokens: 4,
      done: true,
    });
  });
});
