// `fixpoint run` on a web page row: the model answers with an HTML document in a fenced block,
// the page is rendered and checked, and what failed goes back to the model as text with the
// picture of the page as an image part (in each provider's wire format).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type Format, type ModelServer } from '../servers/model-server.ts';
import { pngSize } from '../../src/shared/tokens.ts';
import { jsonlWriter, rowsOf, runAgainst } from './support/cli.ts';

const jsonl = jsonlWriter(mkdtempSync(join(tmpdir(), 'fixpoint-web-run-')));
const CHECKS =
  "document.getElementById('add').click();\nassert.strictEqual(document.getElementById('n').textContent, '1');";
const page = (step: number): string =>
  `<p id="n">0</p><button id="add">+</button><script>add.onclick = () => { console.error('clicked'); n.textContent = +n.textContent + ${step}; };</script>`;
const fenced = (html: string): string => `Here is the page:\n\n\`\`\`html\n${html}\n\`\`\`\n`;

describe('fixpoint run on web pages', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());

  it('repairs a page from the failed check, its expected and actual values and the console', async () => {
    server.reply(fenced(page(2)), fenced(page(1)));
    const problems = jsonl('pages.jsonl', [
      { task_id: 'counter', prompt: 'A counter from 0; the button adds one.', checks: CHECKS },
    ]);
    const r = await runAgainst(problems, server.baseUrl);
    expect(r.status, r.stderr).toBe(0);
    const [row] = rowsOf<{ passed: boolean; iterations: number; completion?: string }>(r.stdout);
    expect(row).toMatchObject({ passed: true, iterations: 2 });
    const second = JSON.stringify(server.chatRequests()[1]!.body);
    expect(second).toContain('```html');
    // The failed check's values, once each (not repeated from the assertion's own message).
    expect(second).toContain("expected: '1'\\n   actual:   '2'");
    expect(second).toContain('clicked');
  });

  it('sends the picture of the page with the feedback, and the first request has none', async () => {
    server.reset();
    server.reply(fenced(page(2)), fenced(page(1)));
    const problems = jsonl('pictured.jsonl', [
      { task_id: 'counter', prompt: 'A counter.', checks: CHECKS, viewport: { width: 640, height: 480 } },
    ]);
    const r = await runAgainst(problems, server.baseUrl);
    expect(r.status, r.stderr).toBe(0);
    const [first, second] = server.chatRequests().map((q) => q.body as { messages: { content: unknown }[] });
    expect(JSON.stringify(first)).not.toContain('image_url');
    const parts = second!.messages.at(-1)!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(parts[0]!.text).toContain("expected: '1'\n   actual:   '2'");
    const url = parts[1]!.image_url!.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    // The picture is the page at the row's viewport.
    expect(pngSize(url.slice('data:image/png;base64,'.length))).toEqual({ width: 640, height: 480 });
  });

  it('--no-screenshots sends the feedback as text alone', async () => {
    server.reset();
    server.reply(fenced(page(2)), fenced(page(1)));
    const problems = jsonl('plain.jsonl', [{ task_id: 'counter', prompt: 'A counter.', checks: CHECKS }]);
    const r = await runAgainst(problems, server.baseUrl, ['--no-screenshots']);
    expect(r.status, r.stderr).toBe(0);
    const second = server.chatRequests()[1]!.body as { messages: { content: unknown }[] };
    expect(typeof second.messages.at(-1)!.content).toBe('string');
    expect(JSON.stringify(second)).not.toContain('data:image');
  });
});

describe.each<Format>(['anthropic', 'ollama'])('fixpoint run on web pages, %s', (format) => {
  it("sends the picture in the provider's format; a model without vision gets text, said once", async () => {
    const seeing = await startModelServer({ format });
    const blind = await startModelServer({ format, vision: false });
    try {
      const problems = jsonl(`${format}.jsonl`, [
        { task_id: 'a', prompt: 'A counter.', checks: CHECKS },
        { task_id: 'b', prompt: 'A counter again.', checks: CHECKS },
      ]);
      const flags = ['--provider', format, '--workers', '1'];
      seeing.reply(fenced(page(2)), fenced(page(1)), fenced(page(1)));
      const r = await runAgainst(problems, seeing.baseUrl, flags, { FIXPOINT_API_KEY: 'sk-test' });
      expect(r.status, r.stderr).toBe(0);
      const sent = JSON.stringify(seeing.chatRequests()[1]!.body);
      expect(sent).toContain(format === 'anthropic' ? '"type":"image"' : '"images":["iVBORw0KGgo');
      expect(r.stderr).not.toContain('does not take pictures');

      blind.reply(fenced(page(2)), fenced(page(1)), fenced(page(2)), fenced(page(1)));
      const b = await runAgainst(problems, blind.baseUrl, flags, { FIXPOINT_API_KEY: 'sk-test' });
      expect(b.status, b.stderr).toBe(0);
      expect(
        rowsOf<{ passed: boolean }>(b.stdout)
          .slice(0, 2)
          .map((x) => x.passed),
      ).toEqual([true, true]);
      expect(b.stderr.match(/does not take pictures/g)).toHaveLength(1);
      // One refused request, then text alone, for this problem and the next one.
      const withImages = blind.chatRequests().filter((q) => JSON.stringify(q.body).includes('iVBORw0KGgo'));
      expect(withImages).toHaveLength(1);
      expect(blind.chatRequests()).toHaveLength(5);
    } finally {
      await seeing.close();
      await blind.close();
    }
  });
});
