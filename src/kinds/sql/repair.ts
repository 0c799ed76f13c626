// The execution-feedback loop for a SQL question: ask for a query, run it beside the gold query
// (each on a fresh copy of the database), and while it fails, tell the model why and ask again.
// The model sees the schema, the question, its own last query and the feedback; never the gold.
import type { ChatMessage, ModelClient, Usage } from '../../shared/model.ts';
import type { SqlAnswer, SqlEngineName } from '../../shared/sql.ts';
import type { CompareRule } from './compare.ts';
import { sqlFeedback, sqlSystemPrompt } from './prompt.ts';
import { sqlVerdict } from './verdict.ts';
import { selectSql, type SqlSelect } from './select.ts';
import type { Selection } from '../../shared/selection.ts';

export interface SqlLoopInput {
  client: ModelClient;
  /** The first message: schema, question and evidence (prompt.ts). */
  first: string;
  goldSql: string;
  rule: CompareRule;
  timeoutMs: number;
  maxIterations: number;
  /** Runs the gold query and the candidate, each on its own fresh copy. */
  run(candidate: string): Promise<[SqlAnswer, SqlAnswer]>;
  temperature?: number;
  signal?: AbortSignal;
  /** The engine named in the prompt and the feedback; SQLite when not said. */
  engine?: SqlEngineName;
  /** best-of-n or CodeT: the first round draws several queries and takes one (select.ts). */
  select?: SqlSelect;
  /** Each attempt as it ends, with what was sent, the reply, both answers and the times. */
  onAttempt?(detail: SqlAttemptDetail): void | Promise<void>;
}

export interface SqlAttemptDetail {
  index: number;
  messages: ChatMessage[];
  reply: string;
  completion: string;
  passed: boolean;
  result: string;
  feedback?: string;
  gold: SqlAnswer;
  got: SqlAnswer;
  usage: Usage;
  modelMs: number;
  runMs: number;
}

interface SqlAttempt {
  completion: string;
  result: string;
  feedback?: string;
  /** The samples of a selection round, their groups and why one was taken. */
  selection?: Selection;
}

export interface SqlLoopOutcome {
  passed: boolean;
  iterations: number;
  completion: string;
  result: string;
  endReason: 'passed' | 'iteration-cap' | 'endpoint-failed';
  attempts: SqlAttempt[];
  usage: Usage;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\n`]*)\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

/** The query in a reply: the last ```sql block, else the last fenced block, else the reply itself. */
export function queryFromReply(reply: string): string {
  const text = reply.replace(/<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi, '');
  const blocks = [...text.matchAll(FENCE)].map((m) => ({ tag: (m[2] ?? '').trim().toLowerCase(), body: m[3] ?? '' }));
  const sql = blocks.filter((b) => ['sql', 'sqlite', 'postgresql', 'postgres', 'psql'].includes(b.tag));
  const chosen = sql.at(-1) ?? blocks.at(-1);
  return (chosen ? chosen.body : text).trim();
}

export async function sqlRepairLoop(o: SqlLoopInput): Promise<SqlLoopOutcome> {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const attempts: SqlAttempt[] = [];
  let messages: ChatMessage[] = [{ role: 'user', content: o.first }];
  const end = (endReason: SqlLoopOutcome['endReason'], result: string): SqlLoopOutcome => {
    const last = attempts.at(-1);
    return {
      passed: endReason === 'passed',
      iterations: attempts.length,
      completion: last?.completion ?? '',
      result,
      endReason,
      attempts,
      usage,
    };
  };
  // The usage of the last round's requests, for onAttempt.
  let used: Usage = { inputTokens: 0, outputTokens: 0 };
  const ask = async (): Promise<string | SqlLoopOutcome> => {
    try {
      const r = await o.client.chat(
        { system: sqlSystemPrompt(o.engine), messages, temperature: o.temperature },
        { signal: o.signal },
      );
      usage.inputTokens += r.usage.inputTokens;
      usage.outputTokens += r.usage.outputTokens;
      used = {
        inputTokens: used.inputTokens + r.usage.inputTokens,
        outputTokens: used.outputTokens + r.usage.outputTokens,
      };
      return r.text;
    } catch (err) {
      return end('endpoint-failed', `failed: the endpoint failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  for (let i = 0; i < o.maxIterations; i++) {
    let reply: string;
    let gold: SqlAnswer;
    let got: SqlAnswer;
    let selection: Selection | undefined;
    used = { inputTokens: 0, outputTokens: 0 };
    const asked = performance.now();
    let modelMs: number;
    let ran: number;
    if (i === 0 && o.select && o.select.samples > 1) {
      // Samples that fail to come back are dropped while any do.
      const replies = await Promise.all(Array.from({ length: o.select.samples }, () => ask()));
      const texts = replies.filter((r): r is string => typeof r === 'string');
      if (texts.length === 0) return replies[0] as SqlLoopOutcome;
      modelMs = performance.now() - asked;
      ran = performance.now();
      const choice = await selectSql(o.select, o.rule, o.goldSql, texts.map(queryFromReply));
      selection = choice.selection;
      reply = texts[selection.chosen]!;
      gold = choice.gold;
      got = choice.answers[selection.chosen]!;
    } else {
      const r = await ask();
      if (typeof r !== 'string') return r;
      reply = r;
      modelMs = performance.now() - asked;
      ran = performance.now();
      [gold, got] = await o.run(queryFromReply(reply));
    }
    const completion = queryFromReply(reply);
    const verdict = sqlVerdict(o.rule, o.goldSql, gold, got);
    const sel = selection ? { selection } : {};
    const feedback = verdict.passed ? undefined : sqlFeedback(completion, gold, got, o.timeoutMs, o.engine);
    const detail = { index: i, messages, reply, completion, passed: verdict.passed, result: verdict.result, gold, got };
    await o.onAttempt?.({ ...detail, feedback, usage: used, modelMs, runMs: performance.now() - ran });
    if (verdict.passed || feedback === undefined) {
      attempts.push({ completion, result: verdict.result, ...sel });
      return end('passed', verdict.result);
    }
    attempts.push({ completion, result: verdict.result, feedback, ...sel });
    // The first message and the last exchange only: the conversation stays within the budget.
    messages = [messages[0]!, { role: 'assistant', content: reply }, { role: 'user', content: feedback }];
  }
  return end('iteration-cap', attempts.at(-1)?.result ?? 'failed: no attempt');
}
