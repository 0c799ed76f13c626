// SQL sessions in the history: the task (engine, database by name or a loaded file's bytes, the
// gold query) and each attempt's results come back from an export as they went in, and an
// import with a broken SQL result is refused, naming where.
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/shared/session.ts';
import type { SqlTaskSpec } from '../../../src/shared/sql.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(() => closeAll());

function sqlSession(id: string, database: SqlTaskSpec['database']): Session {
  const base = makeSession({ id, status: 'running', title: `bird-mini #${id}` });
  const sql: SqlTaskSpec = {
    engine: 'sqlite',
    dbId: 'library',
    question: 'How many books are in the genre fiction?',
    evidence: "fiction refers to genre = 'fiction'",
    gold: "SELECT COUNT(*) FROM books WHERE genre = 'fiction'",
    difficulty: 'simple',
    database,
  };
  return {
    ...base,
    task: {
      kind: 'sql',
      id: 'sql:library',
      title: base.title,
      prompt: sql.question,
      language: 'python',
      tests: { kind: 'none' },
      limits: { timeoutSec: 5, outputCap: 0 },
      sql,
    },
  };
}

const sqlOf = (s: Session | undefined) => (s?.task.kind === 'sql' ? s.task.sql : undefined);

const ANSWERS = {
  gold: { kind: 'rows' as const, columns: ['COUNT(*)'], rows: [[4]], more: false, ms: 1 },
  got: { kind: 'error' as const, message: 'no such column: genr', offset: 30, ms: 1 },
};

describe('SQL sessions in the history', () => {
  it('export and import keep the task, its database and both results', async () => {
    const store = await openTab(freshSite());
    await store.createSession(sqlSession('b', { bundled: 'bird-mini/library' }));
    await store.createSession(sqlSession('l', { name: 'shop.sqlite', size: 3, base64: 'AAEC' }));
    for (const id of ['b', 'l']) {
      await store.saveAttempt({ ...makeAttempt(id, 0), candidate: 'SELECT genr FROM books', sql: ANSWERS });
      await store.finishSession(id, 'iteration-cap', 'failed: no such column: genr');
    }
    const text = await store.exportHistory();
    const other = await openTab(freshSite());
    await other.importHistory(text);
    expect(sqlOf(await other.getSession('b'))?.database).toEqual({ bundled: 'bird-mini/library' });
    expect(sqlOf(await other.getSession('l'))).toMatchObject({
      gold: "SELECT COUNT(*) FROM books WHERE genre = 'fiction'",
      database: { name: 'shop.sqlite', size: 3, base64: 'AAEC' },
    });
    expect((await other.getAttempts('l'))[0]?.sql).toEqual(ANSWERS);
  });

  it('refuses an import whose SQL result is not one, naming the field', async () => {
    const store = await openTab(freshSite());
    await store.createSession(sqlSession('b', { bundled: 'bird-mini/library' }));
    await store.saveAttempt({ ...makeAttempt('b', 0), sql: ANSWERS });
    const file = JSON.parse(await store.exportHistory()) as { sessions: { attempts: { sql: unknown }[] }[] };
    file.sessions[0]!.attempts[0]!.sql = { gold: ANSWERS.gold, got: { kind: 'rows', columns: ['a'], rows: [[1, 2]] } };
    const other = await openTab(freshSite());
    await expect(other.importHistory(JSON.stringify(file))).rejects.toThrow(/sql\.got.*is not a SQL result/);
    expect(await other.listSessions()).toEqual([]);
  });
});
