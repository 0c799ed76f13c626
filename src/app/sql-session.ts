// A SQL question through the loop as a session of the history: the task (engine, database by name
// or, for a loaded file, its bytes up to a cap), each attempt with its query, the feedback and
// both results (rows capped), and how it ended. The Benchmark view's SQL sets run through here,
// so each of their tasks opens from the history like any other session.
import { createModelClient } from '../models/create-client.ts';
import type { ClientOptions } from '../models/client-base.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { RunRow } from '../shared/bench-rows.ts';
import { toBase64 } from '../shared/agent-files.ts';
import { errorMessage } from '../shared/error-message.ts';
import { SQL_KEPT_BYTES, type SqlAnswer, type SqlDatabaseRef, type SqlTaskSpec } from '../shared/sql.ts';
import type { Task } from '../shared/task.ts';
import type { Attempt, Session } from '../shared/session.ts';
import type { SqlRuntime } from '../sandbox/sql/runtime.ts';
import { StoreError } from '../store/errors.ts';
import type { HistoryStore } from '../store/history-store.ts';
import { firstMessage, schemaText } from '../kinds/sql/prompt.ts';
import { sqlRepairLoop, type SqlAttemptDetail, type SqlLoopOutcome } from '../kinds/sql/repair.ts';
import { databaseOf, type KeptDatabase } from './sql-databases.ts';
import { readTables } from './sql-loop.ts';

/** Rows a session keeps of each answer: enough to see the result beside the expected one. */
const KEPT_ROWS = 50;
const MAX_ROWS = 100_000;

export interface SqlSessionRequest {
  spec: Omit<SqlTaskSpec, 'database'> & { database: KeptDatabase };
  title: string;
  endpoint: EndpointConfig;
  sql: SqlRuntime;
  maxIterations: number;
  timeoutMs: number;
  store?: HistoryStore;
  signal?: AbortSignal;
  clientOptions?: ClientOptions;
}

export interface SqlSessionOutcome {
  outcome: SqlLoopOutcome;
  /** The benchmark's row for it (`run --out`'s columns), its task_id aside. */
  row: Omit<RunRow, 'task_id'>;
  sessionId: string;
  /** False when the history could not keep it. */
  stored: boolean;
}

/** The database as a session keeps it: a loaded file's bytes only up to SQL_KEPT_BYTES. */
async function keptRef(ref: KeptDatabase): Promise<SqlDatabaseRef> {
  if ('bundled' in ref) return { bundled: ref.bundled };
  if (ref.base64 !== undefined || !ref.blob || ref.size > SQL_KEPT_BYTES) return { name: ref.name, size: ref.size };
  return { name: ref.name, size: ref.size, base64: toBase64(new Uint8Array(await ref.blob.arrayBuffer())) };
}

const capped = (a: SqlAnswer): SqlAnswer =>
  a.kind === 'rows' && a.rows.length > KEPT_ROWS ? { ...a, rows: a.rows.slice(0, KEPT_ROWS), more: true } : a;

function sqlTask(id: string, title: string, spec: SqlTaskSpec, timeoutSec: number): Task {
  return {
    kind: 'sql',
    id,
    title,
    prompt: spec.evidence ? `${spec.question}\n\nEvidence: ${spec.evidence}` : spec.question,
    language: 'python',
    tests: { kind: 'none' },
    limits: { timeoutSec, outputCap: 0 },
    sql: spec,
  };
}

export async function runSqlSession(req: SqlSessionRequest): Promise<SqlSessionOutcome> {
  const started = performance.now();
  const database = await databaseOf(req.spec.database);
  if (typeof database === 'string') throw new Error(database);
  const spec: SqlTaskSpec = { ...req.spec, database: await keptRef(req.spec.database) };
  const now = Date.now();
  const session: Session = {
    id: crypto.randomUUID(),
    title: req.title,
    task: sqlTask(`sql:${spec.dbId}`, req.title, spec, req.timeoutMs / 1000),
    settings: {
      provider: req.endpoint.provider,
      baseUrl: req.endpoint.baseUrl,
      model: req.endpoint.model,
      maxIterations: req.maxIterations,
    },
    createdAt: now,
    updatedAt: now,
    status: 'running',
  };
  let store = req.store;
  try {
    await store?.createSession(session);
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    store = undefined;
  }
  const details: SqlAttemptDetail[] = [];
  const save = async (d: SqlAttemptDetail): Promise<void> => {
    details.push(d);
    const attempt: Attempt = {
      sessionId: session.id,
      index: d.index,
      messages: d.messages,
      reply: d.reply,
      candidate: d.completion,
      source: 'model',
      ...(d.feedback === undefined ? {} : { feedback: d.feedback }),
      usage: d.usage,
      modelMs: d.modelMs,
      runMs: d.runMs,
      createdAt: Date.now(),
      passed: d.passed,
      sql: { gold: capped(d.gold), got: capped(d.got) },
    };
    await store?.saveAttempt(attempt).catch(() => (store = undefined));
  };
  let outcome: SqlLoopOutcome;
  try {
    const tables = await readTables(req.sql, database, spec.engine);
    outcome = await sqlRepairLoop({
      client: createModelClient(req.endpoint, req.clientOptions),
      first: firstMessage(schemaText(tables), spec.question, spec.evidence),
      goldSql: spec.gold,
      rule: 'bird',
      timeoutMs: req.timeoutMs,
      maxIterations: req.maxIterations,
      engine: spec.engine,
      signal: req.signal,
      onAttempt: save,
      run: async (candidate) => {
        const [gold, got] = await req.sql.run({
          engine: spec.engine,
          database,
          queries: [spec.gold, candidate],
          timeoutMs: req.timeoutMs,
          maxRows: MAX_ROWS,
        });
        return [gold!, got!];
      },
    });
  } catch (err) {
    await store?.finishSession(session.id, 'interrupted', `The loop stopped: ${errorMessage(err)}`).catch(() => {});
    throw err;
  }
  const usage = { input_tokens: outcome.usage.inputTokens, output_tokens: outcome.usage.outputTokens };
  const elapsedMs = performance.now() - started;
  const stopped = req.signal?.aborted === true;
  if (!stopped)
    await store
      ?.finishSession(session.id, outcome.endReason, outcome.result, {
        modelCalls: details.length,
        samples: details.length,
        elapsedMs,
        usage: outcome.usage,
      })
      .catch(() => (store = undefined));
  else await store?.deleteSession(session.id).catch(() => {});
  const row: Omit<RunRow, 'task_id'> = {
    passed: outcome.passed,
    iterations: outcome.iterations,
    completion: outcome.completion,
    result: outcome.result,
    end_reason: stopped ? 'stopped' : outcome.endReason,
    flags: [],
    usage,
    attempts: details.map((d) => ({
      result: d.result,
      feedback: d.feedback ?? '',
      usage: { input_tokens: d.usage.inputTokens, output_tokens: d.usage.outputTokens },
    })),
    elapsed_ms: Math.round(elapsedMs),
  };
  return { outcome, row, sessionId: session.id, stored: store !== undefined && !stopped };
}
