// Web pages in the conversation: the latest page's picture rides on the feedback message, counted
// in the context budget by the provider's rule; earlier pictures are not sent, and none is when
// pictures are off.
import { describe, expect, it } from 'vitest';
import { buildConversation, fitConversation } from '../../../src/loop/budget.ts';
import { webTask } from '../../../src/kinds/web/rows.ts';
import { estimateImageTokens } from '../../../src/shared/tokens.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { pngBase64 } from '../../support/png.ts';
import { storedAttempt } from './fakes.ts';

const task = webTask('web/counter', 'A counter.', { kind: 'web', checks: "assert.strictEqual(1, 2, 'n');" }, 3);
const pageResult = (png: string): RunResult => ({
  status: 'failed',
  result: 'failed: AssertionError: n',
  tests: [{ name: 'checks', passed: false, message: 'n' }],
  stdout: '',
  stderr: '',
  truncated: false,
  durationMs: 5,
  web: { picture: `data:image/png;base64,${png}`, console: [], errors: [] },
});
const OLD = pngBase64(800, 600, [255, 0, 0]);
const NEW = pngBase64(800, 600, [0, 0, 255]);
const history = [
  storedAttempt(0, '<p>one</p>', pageResult(OLD), { feedback: 'failed one' }),
  storedAttempt(1, '<p>two</p>', pageResult(NEW), { feedback: 'failed two' }),
];

describe('pictures in the conversation', () => {
  it('sends the latest picture only, on the last message, and counts it', () => {
    const input = { task, history, tactic: false, showTests: true, pictures: true, provider: 'anthropic' as const };
    const conv = buildConversation(input);
    const last = conv.request.messages.at(-1)!;
    expect(last.images).toEqual([{ mime: 'image/png', base64: NEW }]);
    expect(last.content).toContain('Attached: a picture of your page as it rendered.');
    expect(conv.request.messages.slice(0, -1).some((m) => m.images)).toBe(false);
    expect(JSON.stringify(conv.request)).not.toContain(OLD);
    const without = buildConversation({ ...input, pictures: false });
    expect(without.request.messages.at(-1)!.images).toBeUndefined();
    // The picture's tokens by Anthropic's rule (800 x 600 / 750), plus the sentence saying so.
    expect(conv.tokens - without.tokens).toBeGreaterThanOrEqual(estimateImageTokens(last.images![0]!, 'anthropic'));
    expect(estimateImageTokens(last.images![0]!, 'anthropic')).toBe(640);
  });

  it('a budget too small for the picture drops it at the least detailed level', () => {
    const input = { task, history, tactic: false, showTests: true, pictures: true };
    const fitted = fitConversation(input, 300);
    expect(fitted.request.messages.at(-1)!.images).toBeUndefined();
    expect(fitConversation(input, 8000).request.messages.at(-1)!.images).toHaveLength(1);
  });
});
