// `fixpoint run` on a web page row: the model answers with an HTML document in a fenced block,
// the page is rendered and checked, and what failed goes back to the model as text.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
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
    expect(second).toContain("'2' !== '1'");
    expect(second).toContain('clicked');
  });
});
