// fixpoint run on agent rows ({task_id, goal, language, files?, answer?}): each goal through the
// agent loop in the built page, one interpreter per row. With `answer`, `passed` says whether the
// final answer matches it as M3ToolEval checks (src/loop/agent/answer.ts).
import { parseFlags } from './args.ts';
import { checkOutFile, readText } from './files.ts';
import { OUT_USAGE } from './batch.ts';
import { passSummary, runBatch } from './batch-run.ts';
import { openHeadless } from './page.ts';
import { endpointFrom } from './run.ts';
import { parseAgentRows, type AgentProblem } from '../src/kinds/agent/rows.ts';
import { answerMatches } from '../src/loop/agent/answer.ts';
import type { AgentLimits, AgentRunResult } from '../src/shared/agent-run.ts';

export const AGENT_RUN_USAGE = `run --problems FILE (agent rows) --provider openai|anthropic|ollama --base-url URL --model NAME [--api-key KEY] [--max-iterations 10] [--timeout 10] [--out FILE] [--shard K/N]
      agent rows {task_id, goal, language, files?, answer?} (docs/agent.md); rows out {task_id, passed, answer, actions, model_calls, usage, end_reason, steps}
      --max-iterations: actions per goal; --timeout: seconds per action
      ${OUT_USAGE}`;

const OUTPUT_CAP = 10_000;

interface AgentRow {
  task_id: string | number;
  passed?: boolean;
  answer: string | null;
  expected?: string;
  actions: number;
  model_calls: number;
  usage: { input_tokens: number; output_tokens: number };
  end_reason: string;
  error?: string;
  elapsed_ms: number;
  steps: { reply: string; code?: string; observation?: string }[];
}

function rowOf(p: AgentProblem, r: AgentRunResult): AgentRow {
  const row: AgentRow = {
    task_id: p.rawId,
    answer: r.answer ?? null,
    actions: r.actions,
    model_calls: r.modelCalls,
    usage: { input_tokens: r.usage.inputTokens, output_tokens: r.usage.outputTokens },
    end_reason: r.endReason,
    elapsed_ms: Math.round(r.ms),
    steps: r.steps.map((s) => ({
      reply: s.reply,
      ...(s.code !== undefined ? { code: s.code } : {}),
      ...(s.feedback !== undefined ? { observation: s.feedback } : {}),
    })),
  };
  if (p.answer !== undefined) Object.assign(row, { passed: answerMatches(r.answer, p.answer), expected: p.answer });
  if (r.error !== undefined) row.error = r.error;
  return row;
}

export async function agentRunCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const flags = parseFlags(argv, {
    problems: { type: 'string', required: true },
    provider: { type: 'string', required: true },
    'base-url': { type: 'string', required: true },
    model: { type: 'string', required: true },
    'api-key': { type: 'string' },
    'max-iterations': { type: 'int', min: 1 },
    timeout: { type: 'number', min: 0.1 },
    shard: { type: 'string' },
    out: { type: 'string' },
  });
  const endpoint = endpointFrom(flags, env);
  const problems = parseAgentRows(readText(flags.problems), flags.problems);
  if (flags.out) checkOutFile(flags.out, [flags.problems]);
  const limits: AgentLimits = {
    maxActions: flags['max-iterations'] ?? 10,
    actionTimeoutMs: (flags.timeout ?? 10) * 1000,
    outputCap: OUTPUT_CAP,
  };
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  let failed: string | undefined;
  const end = await runBatch({
    items: problems,
    noun: 'goals',
    shardFlag: flags.shard,
    out: flags.out,
    env,
    log,
    // Python boots only when a goal to run is in Python.
    open: (left) => openHeadless({ sandboxes: 1, log, languages: [...new Set(left.map((p) => p.language))] }),
    solve: (page, p) => {
      const goal = { goal: p.goal, language: p.language, files: p.files };
      return page.page.evaluate(([g, e, l]) => window.fixpoint.agentLoop(g, e, { limits: l }), [
        goal,
        endpoint,
        limits,
      ] as const);
    },
    settle: (r, p) => {
      const row = rowOf(p, r);
      const stop = r.endReason === 'endpoint-failed';
      if (stop) failed = r.error;
      return { row, passed: row.passed === true, stop };
    },
  });
  process.stdout.write(passSummary(end));
  if (failed !== undefined) {
    process.stderr.write(`fixpoint: stopped: the endpoint failed: ${failed}\n`);
    return 1;
  }
  return 0;
}
