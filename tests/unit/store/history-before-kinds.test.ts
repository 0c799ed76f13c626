// A history file exported before tasks had a kind (tests/fixtures/history-before-kinds.json:
// functions in Python, JavaScript and TypeScript, contest programs, a web page, a Node.js project,
// an agent goal with its file, a SQL question) imports with every task given its kind, and
// exports again with every session, attempt and file as it was.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/shared/session.ts';
import { parseHistoryFile } from '../../../src/store/history-file.ts';
import { StoreError } from '../../../src/store/errors.ts';
import { closeAll, freshSite, makeSession, openTab } from './helpers.ts';

afterEach(() => closeAll());

const BEFORE = readFileSync(new URL('../../fixtures/history-before-kinds.json', import.meta.url), 'utf8');

interface Entry {
  session: Session & { task: Record<string, unknown> };
  attempts: unknown[];
  files?: unknown;
}
const entriesOf = (text: string): Entry[] => (JSON.parse(text) as { sessions: Entry[] }).sessions;

/** The fixture's session ids say which kind each task is. */
const KIND_OF_ID: Record<string, string> = {
  'function-python-user': 'function',
  'function-python-humaneval': 'function',
  'function-python-mbpp': 'function',
  'function-python-none': 'function',
  'function-javascript': 'function',
  'function-typescript': 'function',
  'program-python': 'program',
  'program-javascript': 'program',
  web: 'web',
  project: 'project',
  agent: 'agent',
  sql: 'sql',
};

describe('a history file from before tasks had a kind', () => {
  it('holds no kind, and imports with each task given the kind its fields say', () => {
    const before = entriesOf(BEFORE);
    expect(before).toHaveLength(12);
    expect(before.every((e) => !('kind' in e.session.task))).toBe(true);
    const kinds = Object.fromEntries(parseHistoryFile(BEFORE).map((e) => [e.session.id, e.session.task.kind]));
    expect(kinds).toEqual(KIND_OF_ID);
  });

  it('exports again with every session, attempt and agent file as it was, the kind added', async () => {
    const store = await openTab(freshSite());
    const report = await store.importHistory(BEFORE);
    expect(report.imported).toHaveLength(12);
    const after = new Map(entriesOf(await store.exportHistory()).map((e) => [e.session.id, e]));
    for (const old of entriesOf(BEFORE)) {
      const again = after.get(old.session.id);
      const { kind, ...task } = again!.session.task;
      expect(kind).toBe(KIND_OF_ID[old.session.id]);
      expect(task).toEqual(old.session.task);
      expect({ ...again!.session, task }).toEqual(old.session);
      expect(again!.attempts).toEqual(old.attempts);
      expect(again!.files).toEqual(old.files);
    }
    const agent = after.get('agent')!;
    expect(agent.files).toEqual({
      inputs: [{ name: 'sales.csv', size: 21, text: 'region,units\nNorth,3\n', mime: 'text/csv' }],
      outputs: [],
    });
  });

  it('gives a session stored in this browser before kinds its kind when it is read', async () => {
    const store = await openTab(freshSite());
    const old = makeSession({ id: 'old' });
    const { kind: _kind, ...task } = old.task;
    await store.createSession({ ...old, task } as unknown as Session);
    expect((await store.getSession('old'))?.task.kind).toBe('function');
    expect((await store.listSessions()).map((s) => s.task.kind)).toEqual(['function']);
  });

  it('refuses a task whose kind lacks its fields or is unknown, naming the session and the field', () => {
    const file = (task: Record<string, unknown>): string => {
      const entry = entriesOf(BEFORE).find((e) => e.session.id === 'function-python-user')!;
      return JSON.stringify({ ...JSON.parse(BEFORE), sessions: [{ ...entry, session: { ...entry.session, task } }] });
    };
    const error = (text: string): string => {
      try {
        parseHistoryFile(text);
      } catch (e) {
        expect(e).toBeInstanceOf(StoreError);
        return (e as Error).message;
      }
      throw new Error('imported');
    };
    const base = entriesOf(BEFORE)[0]!.session.task;
    expect(error(file({ ...base, kind: 'project' }))).toMatch(/\(sessions\[0\]\.session\.task\.project\): is missing/);
    expect(error(file({ ...base, kind: 'program' }))).toMatch(/task\.tests\.kind\): should be [^,]*"program"/);
    expect(error(file({ ...base, kind: 'essay' }))).toMatch(/task\.kind\): should be one of "function", "program"/);
  });
});
