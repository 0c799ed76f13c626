// `fixpoint run --databases`: a local OpenAI-wire model answers SQL questions; the loop shows it the
// schema (CREATE statements and sample rows), the question and evidence, never the gold query,
// and feeds back the engine's error with its place, or how the rows differ.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../servers/model-server.ts';
import { rowsOf } from '../support/cli.ts';
import { runSql } from '../support/sql.ts';

const GOLD_10 = "SELECT COUNT(*) FROM customers WHERE city = 'New York'";
const GOLD_14 = 'SELECT AVG(price) FROM products';

interface Body {
  messages: { role: string; content: string }[];
}

describe('run --databases', () => {
  let server: ModelServer;
  let dev: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixpoint-sql-run-'));
    dev = join(dir, 'dev.json');
    writeFileSync(
      dev,
      JSON.stringify([
        {
          question_id: 10,
          db_id: 'shop',
          question: 'How many customers live in New York?',
          evidence: '',
          SQL: GOLD_10,
        },
        {
          question_id: 14,
          db_id: 'shop',
          question: 'What is the average price of products?',
          evidence: 'price is in products',
          SQL: GOLD_14,
        },
      ]),
    );
    // Each question: a first query with a mistake, then the right one once the feedback arrives.
    server = await startModelServer({
      format: 'openai',
      respond: (body) => {
        const { messages } = body as unknown as Body;
        const first = messages.find((m) => m.role === 'user')!.content;
        const repairing = messages.length > 2;
        if (first.includes('Question: How many customers'))
          return repairing
            ? `Fixed:\n\`\`\`sql\n${GOLD_10}\n\`\`\``
            : "```sql\nSELECT COUNT(*)\nFROM customers WHERE citi = 'New York'\n```";
        return repairing
          ? `\`\`\`sql\nSELECT SUM(price) / COUNT(*) FROM products\n\`\`\``
          : '```sql\nSELECT MAX(price) FROM products\n```';
      },
    });
  });
  afterAll(() => server?.close());

  it('repairs from the feedback, and the model never sees the gold query', async () => {
    const r = await runSql(dev, server.baseUrl);
    expect(r.stderr).not.toMatch(/fixpoint:/);
    expect(r.status).toBe(0);
    const rows = rowsOf<Record<string, unknown>>(r.stdout);
    expect(rows[0]).toMatchObject({
      task_id: 10,
      passed: true,
      iterations: 2,
      completion: GOLD_10,
      result: 'passed',
      end_reason: 'passed',
    });
    expect(rows[1]).toMatchObject({ task_id: 14, passed: true, iterations: 2, end_reason: 'passed' });
    expect(rows[2]).toMatchObject({ summary: true, problems: 2, passed: 2 });

    const bodies = server.chatRequests().map((q) => q.body as Body);
    // What the page wrote (system and user messages), not the model's own replies.
    const text = JSON.stringify(bodies.map((b) => b.messages.filter((m) => m.role !== 'assistant')));
    expect(text).not.toContain(GOLD_10);
    expect(text).not.toContain(GOLD_14);
    const userFirst = (b: Body) => b.messages.find((m) => m.role === 'user')!.content;
    const first = userFirst(bodies[0]!);
    expect(first).toContain('CREATE TABLE customers');
    expect(first).toContain("(1, 'Ada', 'London')");
    expect(first).toContain('Question: How many customers live in New York?');
    const errorFeedback = bodies[1]!.messages.at(-1)!.content;
    expect(errorFeedback).toContain('no such column: citi');
    expect(errorFeedback).toContain('line 2, column 22:\nFROM customers WHERE citi');
    const rowsFeedback = bodies[3]!.messages.at(-1)!.content;
    expect(rowsFeedback).toContain('1 row missing: (30.568)');
    expect(rowsFeedback).toContain('1 row extra: (89.99)');
    expect(userFirst(bodies[3]!)).toContain('Evidence: price is in products');
  });
});
