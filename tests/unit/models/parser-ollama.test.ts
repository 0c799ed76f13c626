import { describe, expect, it } from 'vitest';
import { createOllamaParser } from '../../../src/models/parsers/ollama.ts';
import { ollamaWire } from '../../servers/wire-ollama.ts';
import { everySplit } from './split-helper.ts';

const line = (o: object): string => `${JSON.stringify(o)}\n`;
const msg = (content: string, extra: object = {}): string =>
  line({
    model: 'llama3.2',
    created_at: '2025-01-01T00:00:00Z',
    message: { role: 'assistant', content, ...extra },
    done: false,
  });
const final = (extra: object = {}): string =>
  line({
    model: 'llama3.2',
    created_at: 'x',
    message: { role: 'assistant', content: '' },
    done_reason: 'stop',
    done: true,
    prompt_eval_count: 26,
    eval_count: 259,
    ...extra,
  });

describe('Ollama NDJSON parser, every chunk split', () => {
  it('reads content lines and the final counts', () => {
    const { state } = everySplit(createOllamaParser, msg('Ça ') + msg('marche 👍') + final());
    expect(state).toMatchObject({
      text: 'Ça marche 👍',
      done: true,
      finishReason: 'stop',
      inputTokens: 26,
      outputTokens: 259,
    });
  });

  it('keeps thinking apart', () => {
    const { state } = everySplit(
      createOllamaParser,
      msg('', { thinking: 'ponder' }) + msg('x') + final({ done_reason: 'length' }),
    );
    expect(state).toMatchObject({ reasoning: 'ponder', text: 'x', finishReason: 'length' });
  });

  it('reads a last line without its newline', () => {
    const body = msg('a') + final().trimEnd();
    expect(everySplit(createOllamaParser, body).state.done).toBe(true);
  });

  it('leaves input tokens unknown when the prompt came from cache', () => {
    const { state } = everySplit(createOllamaParser, msg('a') + final({ prompt_eval_count: undefined }));
    expect(state.inputTokens).toBeUndefined();
    expect(state.outputTokens).toBe(259);
  });

  it('records an error line mid-stream', () => {
    const { state } = everySplit(createOllamaParser, msg('a') + line({ error: 'model runner crashed' }));
    expect(state.error).toEqual({ message: 'model runner crashed' });
  });

  it('flags a web page and garbage as malformed', () => {
    expect(everySplit(createOllamaParser, '<!DOCTYPE html>\n<p>').state.malformed).toMatch(/web page/);
    expect(everySplit(createOllamaParser, 'not json\n').state.malformed).toMatch(/unreadable/);
  });

  it('agrees with the test server byte for byte', () => {
    const w = ollamaWire.writer({ model: 'm', inputTokens: 5, outputTokens: 2, includeUsage: true });
    const body = [...w.start(), ...w.reasoning('r'), ...w.text('é'), ...w.text('!'), ...w.finish()].join('');
    expect(everySplit(createOllamaParser, body).state).toMatchObject({
      text: 'é!',
      reasoning: 'r',
      inputTokens: 5,
      outputTokens: 2,
    });
  });
});
