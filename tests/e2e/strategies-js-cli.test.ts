// best-of-n on MultiPL-E JavaScript and TypeScript problems from the command line: the built page
// in headless Chromium, the JavaScript sandbox (and TypeScript's checker), and a local endpoint
// whose replies differ for identical requests. Two samples pass every visible test but part
// company on the mutated inputs, and the code comes from the larger group that agrees.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../servers/model-server.ts';
import { runAgainst } from './support/cli.ts';
import { expectPassedRow } from './support/strategy-rows.ts';

const DATA = resolve(import.meta.dirname, '../../data/multipl-e');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-strategies-js-e2e-'));

function problemFile(language: 'js' | 'ts'): string {
  const rows = gunzipSync(readFileSync(join(DATA, `humaneval-${language}.jsonl.gz`)))
    .toString('utf8')
    .trim()
    .split('\n');
  const add = rows.find((l) => l.includes('"HumanEval_53_add"'))!;
  const file = join(dir, `add-${language}.jsonl`);
  writeFileSync(file, `${add}\n`);
  return file;
}

const HEAD = { js: 'function add(x, y){', ts: 'function add(x: number, y: number): number {' };
const fence = (language: 'js' | 'ts', body: string): string =>
  `\`\`\`${language === 'js' ? 'javascript' : 'typescript'}\n${HEAD[language]}\n${body}\n}\n\`\`\`\n`;
/** Passes the visible tests (their largest argument is 7), but not past 10. */
const SMALL_ONLY = '  if (x > 10) return x;\n  return x + y;';
const RIGHT = ['  return x + y;', '  return y + x;', '  let s = x;\n  s += y;\n  return s;'];
const WRONG = '  return x - y;';
/** What every run here reports: five samples, three alike, one call per sample unless `n` is taken. */
const BEST_OF_5 = { strategy: 'best-of-n', model_calls: 5, samples: 5, groups: [3, 1], selected_from: 3 };

describe('run --strategy best-of-n on MultiPL-E problems', () => {
  let server: ModelServer;
  /** Gives several replies to one request (`n`), as api.openai.com does. */
  let choices: ModelServer;
  beforeAll(async () => {
    [server, choices] = await Promise.all([
      startModelServer({ format: 'openai' }),
      startModelServer({ format: 'openai', n: 8 }),
    ]);
  });
  afterAll(() => Promise.all([server?.close(), choices?.close()]));
  beforeEach(() => {
    server.reset();
    choices.reset();
  });

  const run = (language: 'js' | 'ts', endpoint: ModelServer) =>
    runAgainst(problemFile(language), endpoint.baseUrl, ['--strategy', 'best-of-n', '--samples', '5']);

  it.each(['js', 'ts'] as const)(
    '%s: the largest group that behaves alike on mutated inputs is taken, though the first sample is wrong',
    async (language) => {
      server.reply(...[SMALL_ONLY, RIGHT[0]!, WRONG, RIGHT[1]!, RIGHT[2]!].map((b) => fence(language, b)));
      const r = await run(language, server);
      const row = expectPassedRow(r, { task_id: 'HumanEval_53_add', ...BEST_OF_5, iterations: 1 }, 'x > 10');
      expect(row.completion).toMatch(/return (x \+ y|y \+ x|s)/);
    },
  );

  it('where the endpoint gives several replies to one request, the five samples cost one model call', async () => {
    choices.reply(...[SMALL_ONLY, RIGHT[0]!, WRONG, RIGHT[1]!, RIGHT[2]!].map((b) => fence('js', b)));
    const r = await run('js', choices);
    expectPassedRow(r, { ...BEST_OF_5, model_calls: 1 }, 'x > 10');
    expect(choices.chatRequests().map((q) => (q.body as { n?: number }).n)).toEqual([5]);
  });
});
