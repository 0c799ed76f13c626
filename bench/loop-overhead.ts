// The loop's own cost per iteration: a model and a runtime that answer at once, so all the time
// measured is extraction, feedback, context budgeting, stop rules and bookkeeping.
import { runLoop } from '../src/loop/engine.ts';
import type { ChatRequest, ChatResult, ModelClient } from '../src/shared/model.ts';
import type { RunJob, RunResult } from '../src/shared/run.ts';
import type { RunHandle, Runtime } from '../src/shared/runtime.ts';
import type { Task } from '../src/shared/task.ts';

const TASK: Task = {
  kind: 'function',
  id: 'bench',
  title: 'Running sum',
  prompt: 'Write running_sum(xs) that returns the list of prefix sums of xs.',
  language: 'python',
  entryPoint: 'running_sum',
  tests: {
    kind: 'mbpp',
    setup: '',
    asserts: ['assert running_sum([1, 2, 3]) == [1, 3, 6]', 'assert running_sum([]) == []'],
  },
  limits: { timeoutSec: 3, outputCap: 64 * 1024 },
};

function instantModel(): ModelClient {
  let n = 0;
  return {
    config: { provider: 'demo', baseUrl: '', model: 'instant' },
    async chat(_req: ChatRequest, opts): Promise<ChatResult> {
      n++;
      const text = `Here is a version that keeps a running total (try ${n}):\n\n\`\`\`python\ndef running_sum(xs):\n    out, total = [], ${n}\n    for x in xs:\n        total += x\n        out.append(total)\n    return out\n\`\`\`\n`;
      opts?.onEvent?.({ type: 'text', text });
      return { text, finishReason: 'stop', usage: { inputTokens: 400, outputTokens: 60 } };
    },
    async listModels() {
      return ['instant'];
    },
  };
}

function instantRuntime(): Runtime {
  let n = 0;
  return {
    run(_job: RunJob): RunHandle {
      n++;
      // Alternate between two failures, so the loop never looks stuck and runs to its cap.
      const name = n % 2 === 0 ? 'test_1' : 'test_2';
      const result: RunResult = {
        status: 'failed',
        result: 'failed: AssertionError',
        tests: [
          {
            name: 'test_1',
            passed: name !== 'test_1',
            source: 'assert running_sum([1, 2, 3]) == [1, 3, 6]',
            expected: '[1, 3, 6]',
            actual: `[${n}, 3, 6]`,
          },
          {
            name: 'test_2',
            passed: name !== 'test_2',
            source: 'assert running_sum([]) == []',
            expected: '[]',
            actual: `[${n}]`,
          },
        ],
        stdout: 'x'.repeat(5000),
        stderr: '',
        truncated: false,
        durationMs: 0,
      };
      return { result: Promise.resolve(result), cancel() {} };
    },
    dispose() {},
  };
}

export async function measureLoopOverhead(iterations = 200): Promise<{ perIterationMs: number; iterations: number }> {
  const run = () =>
    runLoop({
      task: TASK,
      model: instantModel(),
      runtime: instantRuntime(),
      settings: { maxIterations: iterations },
      hooks: { onAttempt: async () => {} },
    });
  await run(); // warm the JIT, so the figure is the steady state a long session sees
  const start = performance.now();
  const out = await run();
  const ms = performance.now() - start;
  return { perIterationMs: ms / out.attempts.length, iterations: out.attempts.length };
}
