// Agent sessions in the history: their files kept beside them, deleted with them, refused whole
// on a full disk, exported up to the limit (and what was left out named), read back on import,
// and a bad file entry in an import named by its place.
import { IDBObjectStore as FakeObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentFile } from '../../../src/shared/agent.ts';
import { EXPORT_FILES_LIMIT } from '../../../src/shared/agent-files.ts';
import type { Session } from '../../../src/shared/session.ts';
import { StoreError } from '../../../src/store/errors.ts';
import { closeAll, freshSite, makeAttempt, makeSession, openTab } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  closeAll();
});

const text = (name: string, body: string): AgentFile => ({ name, size: body.length, text: body, mime: 'text/plain' });
const CSV = text('sales.csv', 'region,units\nNorth,3\n');
const OUT = text('revenue.csv', 'region,revenue\nNorth,9.00\n');

function agentSession(id: string, files: AgentFile[] = [CSV]): Session {
  const base = makeSession({ id, status: 'running', title: `Goal ${id}` });
  return {
    ...base,
    task: {
      kind: 'agent',
      id: `agent-${id}`,
      title: `Goal ${id}`,
      prompt: 'Which region sold most?',
      language: 'python',
      tests: { kind: 'none' },
      limits: { timeoutSec: 10, outputCap: 65536 },
      agent: { files: files.map((f) => ({ name: f.name, size: f.size })) },
    },
  };
}

async function storedAgent(id = 'a', inputs: AgentFile[] = [CSV]) {
  const store = await openTab(freshSite());
  await store.createSession(agentSession(id, inputs));
  await store.saveAgentFiles(id, 'input', inputs);
  await store.saveAttempt({
    ...makeAttempt(id, 1),
    candidate: 'print(1)',
    observation: { output: '1\n', rich: [{ mime: 'text/html', data: '<b>1</b>' }], ms: 3 },
  });
  await store.saveAgentFiles(id, 'output', [OUT]);
  await store.finishSession(id, 'final-answer', undefined, undefined, 'North');
  return store;
}

describe('agent sessions in the history', () => {
  it('keeps the files by role, the observation and the answer', async () => {
    const store = await storedAgent();
    expect(await store.getAgentFiles('a')).toEqual({ inputs: [CSV], outputs: [OUT] });
    expect(await store.getSession('a')).toMatchObject({ status: 'done', endReason: 'final-answer', answer: 'North' });
    expect((await store.getAttempts('a'))[0]?.observation?.rich).toEqual([{ mime: 'text/html', data: '<b>1</b>' }]);
    // Saving a role again replaces its files, leaving the other role alone.
    await store.saveAgentFiles('a', 'output', []);
    expect(await store.getAgentFiles('a')).toEqual({ inputs: [CSV], outputs: [] });
  });

  it('deletes the files with the session', async () => {
    const store = await storedAgent();
    await store.deleteSession('a');
    expect(await store.getAgentFiles('a')).toEqual({ inputs: [], outputs: [] });
  });

  it('refuses files past the quota with a StoreError that says so, keeping the files stored before', async () => {
    const store = await storedAgent();
    vi.spyOn(FakeObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const error = await store.saveAgentFiles('a', 'output', [text('big.txt', 'x')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).kind).toBe('quota');
    expect((error as StoreError).message).toMatch(/no room left to save history/);
    vi.restoreAllMocks();
    expect(await store.getAgentFiles('a')).toEqual({ inputs: [CSV], outputs: [OUT] });
  });

  it('exports the files with the session and imports them into another browser', async () => {
    const store = await storedAgent();
    const { text: file, leftOut } = await store.exportHistoryReport();
    expect(leftOut).toEqual([]);
    const other = await openTab(freshSite());
    expect(await other.importHistory(file)).toEqual({ imported: ['a'], skipped: [] });
    expect(await other.getAgentFiles('a')).toEqual({ inputs: [CSV], outputs: [OUT] });
    expect(await other.getSession('a')).toMatchObject({
      answer: 'North',
      task: { agent: { files: [{ name: 'sales.csv' }] } },
    });
  });

  it('leaves files past the export limit out, and names them', async () => {
    const big = text('big.txt', 'y'.repeat(EXPORT_FILES_LIMIT + 1));
    const store = await storedAgent('b', [big, CSV]);
    const { text: file, leftOut } = await store.exportHistoryReport();
    expect(leftOut).toEqual([{ title: 'Goal b', files: [{ name: 'big.txt', size: EXPORT_FILES_LIMIT + 1 }] }]);
    expect(file.length).toBeLessThan(EXPORT_FILES_LIMIT);
    const entry = JSON.parse(file).sessions[0];
    expect(entry.filesLeftOut).toEqual([{ name: 'big.txt', size: EXPORT_FILES_LIMIT + 1 }]);
    expect(entry.files.inputs.map((f: AgentFile) => f.name)).toEqual(['sales.csv']);
    const other = await openTab(freshSite());
    await other.importHistory(file);
    expect((await other.getAgentFiles('b')).inputs.map((f) => f.name)).toEqual(['sales.csv']);
  });

  it('names a bad file entry of an import by its place, and imports nothing', async () => {
    const store = await storedAgent();
    const parsed = JSON.parse((await store.exportHistoryReport()).text);
    delete parsed.sessions[0].files.outputs[0].text;
    const other = await openTab(freshSite());
    const error = await other.importHistory(JSON.stringify(parsed)).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Session 1 "Goal a" (sessions[0].files.outputs[0]): has neither "text" nor "base64". Nothing was imported.',
    );
    expect(await other.listSessions()).toEqual([]);
  });
});
