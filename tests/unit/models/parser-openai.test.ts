import { describe, expect, it } from 'vitest';
import { createOpenAIParser } from '../../../src/models/parsers/openai.ts';
import { everySplit } from './split-helper.ts';

const chunk = (delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;

describe('OpenAI stream parser, every chunk split', () => {
  it('reads a normal stream with role chunk, comments, usage chunk and [DONE]', () => {
    const body =
      ': OPENROUTER PROCESSING\n\n' +
      chunk({ role: 'assistant', content: '' }) +
      chunk({ content: 'Hé, ' }) +
      ': keep-alive\n\n' +
      chunk({ content: 'wörld 🎉\n```python\nx = 1\n```' }) +
      chunk({}, 'stop') +
      `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n` +
      'data: [DONE]\n\n';
    const { state, events } = everySplit(createOpenAIParser, body);
    expect(state.text).toBe('Hé, wörld 🎉\n```python\nx = 1\n```');
    expect(state).toMatchObject({ finishReason: 'stop', inputTokens: 12, outputTokens: 7, done: true });
    expect(state.error).toBeUndefined();
    expect(events.every((e) => e.type === 'text')).toBe(true);
  });

  it('keeps reasoning_content (and OpenRouter reasoning) apart from the answer', () => {
    const body =
      chunk({ role: 'assistant', content: null, reasoning_content: 'think ' }) +
      chunk({ reasoning: 'more' }) +
      chunk({ content: 'answer' }) +
      chunk({}, 'length') +
      'data: [DONE]\n\n';
    const { state } = everySplit(createOpenAIParser, body);
    expect(state.reasoning).toBe('think more');
    expect(state.text).toBe('answer');
    expect(state.finishReason).toBe('length');
  });

  it('accepts CRLF line endings and data: without a space', () => {
    const body =
      'data:{"choices":[{"index":0,"delta":{"content":"a"}}]}\r\n\r\ndata: {"choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}\r\n\r\ndata: [DONE]\r\n\r\n';
    const { state } = everySplit(createOpenAIParser, body);
    expect(state.text).toBe('ab');
    expect(state.done).toBe(true);
  });

  it('records an error object that arrives after HTTP 200', () => {
    const body =
      chunk({ content: 'partial' }) +
      `data: ${JSON.stringify({ error: { message: 'The server had an error', type: 'server_error', param: null, code: null } })}\n\n`;
    const { state } = everySplit(createOpenAIParser, body);
    expect(state.text).toBe('partial');
    expect(state.error).toEqual({ message: 'The server had an error', type: 'server_error' });
  });

  it('records OpenRouter mid-stream errors with finish_reason error', () => {
    const body = `data: ${JSON.stringify({ id: 'x', provider: 'openai', error: { code: 'server_error', message: 'Provider disconnected unexpectedly' }, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\n`;
    const { state } = everySplit(createOpenAIParser, body);
    expect(state.error?.message).toBe('Provider disconnected unexpectedly');
  });

  it('ignores anything after [DONE]', () => {
    const body = chunk({ content: 'x' }, 'stop') + 'data: [DONE]\n\n' + chunk({ content: 'late' });
    const { state } = everySplit(createOpenAIParser, body);
    expect(state.text).toBe('x');
  });

  it('takes Groq usage from x_groq', () => {
    const body =
      chunk({ content: 'x' }) +
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], x_groq: { usage: { prompt_tokens: 3, completion_tokens: 4 } } })}\n\ndata: [DONE]\n\n`;
    const { state } = everySplit(createOpenAIParser, body);
    expect(state).toMatchObject({ inputTokens: 3, outputTokens: 4 });
  });

  it('reads a whole JSON completion from a server that ignored stream:true', () => {
    const body = JSON.stringify({
      choices: [{ index: 0, message: { role: 'assistant', content: 'whole ✓' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 2 },
    });
    const { state } = everySplit(createOpenAIParser, body);
    expect(state).toMatchObject({ text: 'whole ✓', done: true, inputTokens: 5, outputTokens: 2 });
  });

  it('reads Gemini-style error arrays and plain JSON errors sent with 200', () => {
    expect(
      everySplit(createOpenAIParser, '[{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}]').state
        .error,
    ).toEqual({ message: 'bad', type: 'INVALID_ARGUMENT', code: '400' });
    expect(everySplit(createOpenAIParser, '{"error":{"message":"nope","type":"x"}}').state.error?.message).toBe('nope');
  });

  it('flags a web page and unreadable chunks as malformed', () => {
    expect(everySplit(createOpenAIParser, '  <!doctype html><p>hi</p>').state.malformed).toMatch(/web page/);
    expect(everySplit(createOpenAIParser, 'data: {not json\n\n').state.malformed).toMatch(/unreadable/);
  });

  it('reports no end when the stream stops early', () => {
    const { state } = everySplit(createOpenAIParser, chunk({ content: 'half' }));
    expect(state.done).toBe(false);
    expect(state.finishReason).toBeUndefined();
  });

  it('consumes a last event that lacks its blank line', () => {
    const { state } = everySplit(createOpenAIParser, chunk({ content: 'a' }, 'stop') + 'data: [DONE]');
    expect(state.done).toBe(true);
  });
});

describe('OpenAI parser and test server agree', () => {
  it("reads the server's frames at every split", async () => {
    const { openaiWire } = await import('../../servers/wire-openai.ts');
    const w = openaiWire.writer({ model: 'm', inputTokens: 9, outputTokens: 3, includeUsage: true });
    const body =
      ': OPENROUTER PROCESSING\n\n' +
      [...w.start(), ...w.reasoning('r'), ...w.text('ñ'), ...w.text('!'), ...w.finish()].join('');
    expect(everySplit(createOpenAIParser, body).state).toMatchObject({
      text: 'ñ!',
      reasoning: 'r',
      inputTokens: 9,
      outputTokens: 3,
      done: true,
    });
  });
});
