// `fixpoint run` on agent rows against a local OpenAI-format endpoint that scripts the replies:
// each goal runs in real Pyodide in the built page, the rows say how each run ended and whether
// its final answer matches the expected one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { jsonlWriter, rowsOf, runAgainst } from '../support/cli.ts';

const jsonl = jsonlWriter(mkdtempSync(join(tmpdir(), 'fixpoint-agent-run-')));
const py = (code: string): string => `I will look at the data.\n\n\`\`\`python\n${code}\n\`\`\`\n`;
const CSV = 'city,people\nLyon,522000\nNantes,320000\n';

interface Row {
  task_id: string;
  passed?: boolean;
  answer: string | null;
  actions: number;
  model_calls: number;
  usage: { input_tokens: number; output_tokens: number };
  end_reason: string;
  steps: { code?: string; observation?: string }[];
}

describe('fixpoint run on agent rows', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format: 'openai' });
  });
  afterAll(() => server?.close());

  it('runs each goal to its end and checks the answers as M3ToolEval does', async () => {
    server.reply(
      // total: two actions, the state kept between them, then final_answer.
      py("import csv\ntotal = sum(int(r['people']) for r in csv.DictReader(open('data.csv')))\nprint(total)"),
      py('final_answer(total / 1000)'),
      // guess: no code, the text is the answer, and it is wrong.
      'The answer is 4.',
      // stuck: the same action twice.
      py('print(len(open("notes.txt").read()))'),
      py('print(len(open("notes.txt").read()))'),
      // free: no expected answer.
      py("final_answer('done')"),
    );
    const problems = jsonl('goals.jsonl', [
      {
        task_id: 'total',
        goal: 'How many thousand people live in these cities?',
        language: 'python',
        files: { 'data.csv': CSV },
        answer: 842,
      },
      { task_id: 'guess', goal: 'What is 2 + 3?', language: 'python', answer: '5' },
      {
        task_id: 'stuck',
        goal: 'How long is notes.txt?',
        language: 'python',
        files: { 'notes.txt': 'abc' },
        answer: '3',
      },
      { task_id: 'free', goal: 'Say done.', language: 'python' },
    ]);
    const r = await runAgainst(problems, server.baseUrl, ['--max-iterations', '5']);
    expect(r.status, r.stderr).toBe(0);
    const rows = rowsOf<Row>(r.stdout);
    const [total, guess, stuck, free, summary] = rows;
    expect(total).toMatchObject({
      task_id: 'total',
      passed: true,
      answer: '842.0',
      actions: 2,
      model_calls: 2,
      end_reason: 'final-answer',
    });
    expect(total!.usage.input_tokens).toBeGreaterThan(0);
    expect(total!.steps[0]!.observation).toContain('Output:\n842000');
    expect(guess).toMatchObject({ passed: false, answer: 'The answer is 4.', actions: 0, end_reason: 'answered' });
    expect(stuck).toMatchObject({ passed: false, answer: null, actions: 1, end_reason: 'stuck' });
    expect(free).toMatchObject({ answer: 'done', end_reason: 'final-answer' });
    expect(free).not.toHaveProperty('passed');
    expect(summary).toMatchObject({ summary: true, problems: 4, passed: 1 });
    // The model was told the goal, the file with its first lines, and the conventions.
    const first = JSON.stringify(server.chatRequests()[0]!.body);
    expect(first).toContain('How many thousand people');
    expect(first).toContain(
      'data.csv (38 bytes), first lines:\\n    city,people\\n    Lyon,522000\\n    Nantes,320000\\n\\nBudget',
    );
    expect(first).toContain('Lyon,522000');
    expect(first).toContain('final_answer(value)');
    // The second request carries the first action's output.
    expect(JSON.stringify(server.chatRequests()[1]!.body)).toContain('842000');
  }, 180_000);

  it('runs a JavaScript goal in a session that keeps its declarations and reads the files', async () => {
    const js = (code: string): string => `Next step.\n\n\`\`\`javascript\n${code}\n\`\`\`\n`;
    server.reply(
      js(
        "const fs = require('node:fs');\nconst rows = fs.readFileSync('data.csv', 'utf8').trim().split('\\n').slice(1);\nrows.length",
      ),
      js("finalAnswer(rows.map((r) => Number(r.split(',')[1])).reduce((a, b) => a + b, 0) / 1000)"),
    );
    const problems = jsonl('js-goal.jsonl', [
      {
        task_id: 'js',
        goal: 'How many thousand people?',
        language: 'javascript',
        files: { 'data.csv': CSV },
        answer: 842,
      },
    ]);
    const r = await runAgainst(problems, server.baseUrl, ['--max-iterations', '4']);
    expect(r.status, r.stderr).toBe(0);
    const [row] = rowsOf<Row>(r.stdout);
    expect(row).toMatchObject({ task_id: 'js', passed: true, answer: '842', actions: 2, end_reason: 'final-answer' });
    expect(row!.steps[0]!.observation).toContain('2');
    expect(JSON.stringify(server.chatRequests().at(-2)!.body)).toContain('finalAnswer(value)');
  }, 180_000);

  it('stops at --max-iterations actions', async () => {
    server.reply(py('a = 1'), py('b = 2'), py('c = 3'));
    const problems = jsonl('capped.jsonl', [{ task_id: 1, goal: 'Keep going.', language: 'python', answer: 'x' }]);
    const r = await runAgainst(problems, server.baseUrl, ['--max-iterations', '2']);
    expect(r.status, r.stderr).toBe(0);
    expect(rowsOf<Row>(r.stdout)[0]).toMatchObject({
      task_id: 1,
      passed: false,
      actions: 2,
      end_reason: 'iteration-cap',
    });
  }, 120_000);

  it('--shard K/N runs its part of the goals, and the parts make the whole', async () => {
    const problems = jsonl('sharded.jsonl', [
      { task_id: 'a', goal: 'Say a.', language: 'python', answer: 'a' },
      { task_id: 'b', goal: 'Say b.', language: 'python', answer: 'b' },
      { task_id: 'c', goal: 'Say c.', language: 'python', answer: 'c' },
      { task_id: 'd', goal: 'Say d.', language: 'python', answer: 'd' },
    ]);
    const seen: string[] = [];
    for (const k of [0, 1]) {
      server.reply('x', 'x', 'x', 'x');
      const r = await runAgainst(problems, server.baseUrl, ['--shard', `${k}/2`]);
      expect(r.status, r.stderr).toBe(0);
      const rows = rowsOf<Row & { shard?: { k: number; n: number }; summary?: boolean }>(r.stdout);
      const summary = rows.pop()!;
      expect(summary).toMatchObject({ summary: true, shard: `${k}/2` });
      for (const row of rows) expect(row.shard).toMatchObject({ k, n: 2 });
      seen.push(...rows.map((row) => row.task_id));
    }
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd']);
  }, 180_000);

  it('names the file and the line of a malformed row, before any browser starts', async () => {
    const problems = jsonl('bad.jsonl', [
      { task_id: 'a', goal: 'fine', language: 'python' },
      { task_id: 'b', goal: 'reads outside', language: 'python', files: { 'notes/../../secret': 'x' } },
    ]);
    const r = await runAgainst(problems, server.baseUrl);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain(
      'bad.jsonl:2: files: "notes/../../secret" must name a file inside the working directory',
    );
    const lang = jsonl('lang.jsonl', [{ task_id: 'a', goal: 'g', language: 'ruby' }]);
    const l = await runAgainst(lang, server.baseUrl);
    expect(l.stderr).toContain('lang.jsonl:1: language must be python or javascript, not "ruby"');
  });
});
