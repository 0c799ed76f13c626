import { afterEach, describe, expect, it } from 'vitest';
import { describeJsonError } from '../../../src/store/history-file.ts';
import { HISTORY_FILE_LIMIT, HISTORY_FORMAT, parseHistoryFile } from '../../../src/store/history-file.ts';
import { StoreError } from '../../../src/store/errors.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(closeAll);

function file(sessions: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: HISTORY_FORMAT,
    version: 1,
    exportedAt: '2025-01-01T00:00:00.000Z',
    sessions,
    ...extra,
  });
}

const good = (id: string) => ({
  session: makeSession({ id, title: `Session ${id}`, status: 'done' }),
  attempts: [makeAttempt(id, 0), makeAttempt(id, 1)],
});

function importError(text: string): string {
  try {
    parseHistoryFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('import');
    return (error as StoreError).message;
  }
  throw new Error('the file was accepted');
}

describe('export', () => {
  it('writes the versioned format and reads back into another browser', async () => {
    const store = await openTab(freshSite(), { now: () => Date.UTC(2025, 0, 2) });
    await store.createSession(makeSession({ id: 'a', status: 'done' }));
    await store.saveAttempt(makeAttempt('a', 0));
    const text = await store.exportHistory();
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({ format: 'fixpoint-history', version: 1, exportedAt: '2025-01-02T00:00:00.000Z' });
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.sessions[0].session).not.toHaveProperty('search');

    const other = await openTab(freshSite());
    expect(await other.importHistory(text)).toEqual({ imported: ['a'], skipped: [] });
    expect(await other.getSession('a')).toEqual(await store.getSession('a'));
    expect(await other.getAttempts('a')).toEqual(await store.getAttempts('a'));
  });

  it('never contains a key, even one passed in by a caller', async () => {
    const store = await openTab(freshSite());
    const session = makeSession({ id: 'a' });
    Object.assign(session.settings, { apiKey: 'sk-live-123', api_key: 'sk-live-456', 'x-api-key': 'sk-live-789' });
    await store.createSession(session);
    await store.saveAttempt(Object.assign(makeAttempt('a', 0), { authorization: 'Bearer sk-live-000' }));
    const text = await store.exportHistory();
    expect(text).not.toMatch(/sk-live/);
    expect(text).not.toMatch(/api_?key|authorization/i);
  });

  it('exports only the sessions asked for', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a' }));
    await store.createSession(makeSession({ id: 'b' }));
    const parsed = JSON.parse(await store.exportHistory(['b', 'missing']));
    expect(parsed.sessions.map((e: { session: { id: string } }) => e.session.id)).toEqual(['b']);
  });
});

describe('import', () => {
  it('names the line and column of broken JSON', () => {
    expect(importError('{\n  "format": "fixpoint-history",\n  "version" 1\n}')).toMatch(
      /not valid JSON.*line 3, column 13/,
    );
    expect(importError('{"format": "fixpoint-history", ')).toMatch(/not valid JSON.*line 1/);
    expect(importError('   ')).toBe('The file is empty.');
  });

  it('reads the position out of each engine’s JSON error', () => {
    const source = '{\n  "a": 1,\n  "b" 2\n}';
    const firefox = new SyntaxError(
      "JSON.parse: expected ':' after property name in object at line 3 column 7 of the JSON data",
    );
    expect(describeJsonError(firefox, source)).toBe("expected ':' after property name in object at line 3, column 7");
    const chromium = new SyntaxError(`Expected ':' after property name in JSON at position 18 (line 3 column 7)`);
    expect(describeJsonError(chromium, source)).toBe("Expected ':' after property name at line 3, column 7");
    const oldV8 = new SyntaxError('Unexpected number in JSON at position 18');
    expect(describeJsonError(oldV8, source)).toBe('Unexpected number at line 3, column 7');
    const safari = new SyntaxError("JSON Parse error: Expected ':' before value in object property definition");
    expect(describeJsonError(safari, source)).toBe(safari.message);
  });

  it('refuses other formats', () => {
    expect(importError('[1, 2]')).toMatch(/not a Fixpoint history file/);
    expect(importError(JSON.stringify({ format: 'something-else', version: 1, sessions: [] }))).toMatch(
      /not a Fixpoint history file \(its format is "something-else"\)/,
    );
    expect(importError(JSON.stringify({ format: HISTORY_FORMAT, version: '1', sessions: [] }))).toMatch(
      /"version" should be/,
    );
    expect(importError(JSON.stringify({ format: HISTORY_FORMAT, version: 1 }))).toMatch(/no "sessions" list/);
  });

  it('refuses a newer version', () => {
    expect(importError(file([], { version: 3 }))).toBe(
      'This file was made by a newer Fixpoint (version 3); this one reads up to version 1.',
    );
  });

  it('refuses more sessions than one import takes, saying how many and the limit', () => {
    const many = importError(file(Array.from({ length: 20_000 }, (_, i) => good(`s${i}`))));
    expect(many).toContain('20000 sessions');
    expect(many).toContain('at most 5000');
    expect(parseHistoryFile(file(Array.from({ length: 5000 }, (_, i) => good(`s${i}`))))).toHaveLength(5000);
  });

  it('refuses text longer than an import reads, saying the limit', () => {
    const long = file([good('a')], { padding: ' '.repeat(HISTORY_FILE_LIMIT) });
    expect(importError(long)).toContain('100 MB');
  });

  it('names the session and the field that is missing or ill-typed', () => {
    const missing = good('a') as { session: Partial<ReturnType<typeof makeSession>> };
    delete missing.session.settings;
    expect(importError(file([good('ok'), missing]))).toBe(
      'Session 2 "Session a" (sessions[1].session.settings): is missing. Nothing was imported.',
    );

    const wrongType = good('b');
    (wrongType.session.task as { title: unknown }).title = 42;
    expect(importError(file([wrongType]))).toMatch(
      /^Session 1 "Session b" \(sessions\[0\]\.session\.task\.title\): should be a string, found a number/,
    );

    const badStatus = good('c');
    (badStatus.attempts[1]!.result as { status: unknown }).status = 'exploded';
    expect(importError(file([badStatus]))).toMatch(
      /sessions\[0\]\.attempts\[1\]\.result\.status\): should be one of "passed", .* found "exploded"/,
    );

    const badTest = good('d');
    (badTest.attempts[0]!.result!.tests[0] as { passed: unknown }).passed = 'yes';
    expect(importError(file([badTest]))).toMatch(
      /attempts\[0\]\.result\.tests\[0\]\.passed\): should be true or false, found a string/,
    );

    const badSpec = good('e');
    (badSpec.session.task.tests as { kind: string }).kind = 'mbpp';
    expect(importError(file([badSpec]))).toMatch(/session\.task\.tests\.setup\): is missing/);

    expect(importError(file([42]))).toMatch(/^Session 1 \(sessions\[0\]\): should be an object/);
    expect(importError(file([{ session: good('f').session }]))).toMatch(/sessions\[0\]\.attempts\): should be a list/);
  });

  it('names every problem of a session at once, counting those past five', () => {
    const two = good('a');
    (two.session.task as { title: unknown }).title = 42;
    (two.attempts[1]!.result as { status: unknown }).status = 'exploded';
    expect(importError(file([two]))).toMatch(
      /^Session 1 "Session a" \(sessions\[0\]\.session\.task\.title\): should be a string, found a number; \(sessions\[0\]\.attempts\[1\]\.result\.status\): should be one of .*found "exploded"\. Nothing was imported\.$/,
    );
    const many = good('b') as unknown as { session: Record<string, unknown> };
    for (const field of ['title', 'createdAt', 'updatedAt', 'status', 'settings', 'task', 'id'])
      delete many.session[field];
    const text = importError(file([many]));
    expect(text).toContain('(sessions[0].session.id): is missing; (sessions[0].session.title): is missing');
    expect(text).toMatch(/; and 2 more\. Nothing was imported\.$/);
  });

  it('checks that attempts belong to their session and do not repeat', () => {
    const stranger = good('a');
    stranger.attempts[1]!.sessionId = 'z';
    expect(importError(file([stranger]))).toMatch(/attempts\[1\]\.sessionId\): is "z" but the session's id is "a"/);
    const twice = good('b');
    twice.attempts[1]!.index = 0;
    expect(importError(file([twice]))).toMatch(/attempts\[1\]\.index\): repeats index 0/);
  });

  it('writes nothing when the last session of a file is bad', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'mine', status: 'done' }));
    const bad = good('z') as unknown as { session: Record<string, unknown> };
    bad.session.createdAt = 'yesterday';
    await expect(store.importHistory(file([good('a'), good('b'), bad]))).rejects.toMatchObject({
      kind: 'import',
      message: expect.stringContaining('sessions[2].session.createdAt'),
    });
    expect((await store.listSessions()).map((s) => s.id)).toEqual(['mine']);
    expect(await store.getAttempts('a')).toEqual([]);
  });

  it('skips sessions already stored, or repeated in the file, whole', async () => {
    const store = await openTab(freshSite());
    await store.createSession(makeSession({ id: 'a', title: 'Mine', status: 'done' }));
    const repeated = good('b');
    repeated.session.title = 'Second b';
    const report = await store.importHistory(file([good('a'), good('b'), repeated]));
    expect(report).toEqual({ imported: ['b'], skipped: ['a', 'b'] });
    expect((await store.getSession('a'))?.title).toBe('Mine');
    expect(await store.getAttempts('a')).toEqual([]);
    expect((await store.getSession('b'))?.title).toBe('Session b');
    // Importing the same file again changes nothing.
    expect(await store.importHistory(file([good('b')]))).toEqual({ imported: [], skipped: ['b'] });
  });

  it('brings a session exported while running in as interrupted, without keys', async () => {
    const store = await openTab(freshSite());
    const entry = good('r');
    entry.session.status = 'running';
    Object.assign(entry.session.settings, { apiKey: 'sk-imported' });
    await store.importHistory(file([entry]));
    const session = await store.getSession('r');
    expect(session).toMatchObject({ status: 'interrupted', endReason: 'interrupted' });
    expect(JSON.stringify(session)).not.toContain('sk-imported');
  });
});
