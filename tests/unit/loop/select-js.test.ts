// best-of-n's extra inputs for JavaScript and TypeScript tasks (MultiPL-E): the visible tests'
// calls of `candidate` are read, taken to their edges and mutated by type, and the driver program prints what a sample
// does on them, so two samples that pass the same visible tests can still be told apart.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { inputsDriver, readDriverOutput } from '../../../src/loop/behaviour/driver.ts';
import { toJavaScript, type Value } from '../../../src/loop/behaviour/literals.ts';
import { INPUTS, selectionInputs, selectionTarget } from '../../../src/loop/strategies/inputs.ts';
import { multiplETask } from '../../../src/kinds/function/multipl-e.ts';
import type { MultiplERecord } from '../../../src/shared/problems.ts';
import type { Task } from '../../../src/shared/task.ts';
import { CheckerCore } from '../../../src/sandbox/typescript/checker-core.ts';

async function record(file: string, name: string): Promise<MultiplERecord> {
  const rows = gunzipSync(await readFile(`data/multipl-e/${file}`))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Omit<MultiplERecord, 'language'> & { language: string });
  const r = rows.find((x) => x.name === name)!;
  return { ...r, language: r.language === 'ts' ? 'typescript' : 'javascript' };
}

const js = (args: Value[]): string => args.map(toJavaScript).join(', ');
const node = (code: string): string => spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout;

/** A task with hand-written MultiPL-E-style tests. */
function jsTask(tests: string, language: Task['language'] = 'javascript'): Task {
  return multiplETask({ name: 't', language: language as 'javascript', prompt: 'function f(a, b, c){\n', tests }, 3);
}

describe('the function MultiPL-E tests call', () => {
  it('is read from `let candidate = name;`, so calls of candidate(...) are its calls', async () => {
    const task = multiplETask(await record('humaneval-ts.jsonl.gz', 'HumanEval_158_find_max'), 3);
    expect(selectionTarget(task)).toEqual({ entry: 'find_max', names: ['candidate', 'find_max'] });
    const inputs = selectionInputs(task, selectionTarget(task), []);
    expect(inputs).toHaveLength(INPUTS);
    expect(js(inputs[0]!)).toBe('["name", "of", "string"]');
    for (const args of inputs) expect(args.map((a) => a.t)).toEqual(['list']);
  });

  it('a task whose tests name no function gives no inputs', () => {
    const task = jsTask('const assert = require("node:assert");\nassert.deepEqual(f(1), 2);\n');
    expect(selectionTarget(task)).toBeUndefined();
    expect(selectionInputs(task, undefined, ['assert.deepEqual(f(3), 4);'])).toEqual([]);
  });

  it('arguments that are not plain literals are skipped; the rest still seed inputs', () => {
    const task = jsTask(
      'let candidate = f;\nassert.deepEqual(candidate(x, 1), 2);\nassert.deepEqual(candidate(2), 3);\n',
    );
    const inputs = selectionInputs(task, selectionTarget(task), []);
    expect(js(inputs[0]!)).toBe('2');
    expect(inputs.every((a) => a.length === 1 && a[0]!.t === 'int')).toBe(true);
  });
});

describe('mutating JavaScript arguments by type', () => {
  const task = jsTask(
    'let candidate = f;\n  assert.deepEqual(candidate({"k": [1, 2.5], "n": {"x": "ab"}}, "Hello", -3),true);\n',
  );
  const inputs = selectionInputs(task, selectionTarget(task), []);

  it('keeps each argument of its type, nested objects and arrays included, and is the same every time', () => {
    expect(inputs).toHaveLength(INPUTS);
    expect(new Set(inputs.map(js)).size).toBe(INPUTS);
    for (const [obj, str, num] of inputs) {
      expect([obj!.t, str!.t, num!.t]).toEqual(['dict', 'str', 'int']);
    }
    expect(selectionInputs(task, selectionTarget(task), []).map(js)).toEqual(inputs.map(js));
    // Somewhere a number inside the nested array was changed, an object lost a key, and the string was edited.
    expect(inputs.some(([o]) => /"k": \[(?!1, 2\.5\])/.test(toJavaScript(o!)))).toBe(true);
    expect(inputs.some(([o]) => !toJavaScript(o!).includes('"n"'))).toBe(true);
    expect(inputs.some(([, str]) => str!.t === 'str' && str!.v !== 'Hello')).toBe(true);
  });

  it('are written back as JavaScript that node reads as the same values', () => {
    const printed = node(`console.log(JSON.stringify([${inputs.map((a) => `[${js(a)}]`).join(', ')}]))`);
    expect((JSON.parse(printed) as unknown[]).length).toBe(INPUTS);
  });

  it('the model’s own tests seed inputs too', () => {
    const none = jsTask('let candidate = f;\nassert.deepEqual(candidate(y), 1);\n');
    const got = selectionInputs(none, selectionTarget(none), ['assert.deepEqual(f([1, 2]), 3);']);
    expect(js(got[0]!)).toBe('[1, 2]');
  });
});

describe('the driver on a MultiPL-E program', () => {
  const add = async (language: 'javascript' | 'typescript') =>
    record(language === 'typescript' ? 'humaneval-ts.jsonl.gz' : 'humaneval-js.jsonl.gz', 'HumanEval_53_add');
  // Both pass every visible test (their largest argument is 7); they part company above 10.
  const RIGHT = '  return x + y;\n}\n';
  const SMALL = '  if (x > 10) throw new RangeError("big");\n  return x + y;\n}\n';

  async function outputs(language: 'javascript' | 'typescript', completion: string, run: (src: string) => string) {
    const r = await add(language);
    const task = multiplETask(r, 3);
    const target = selectionTarget(task)!;
    const inputs = selectionInputs(task, target, []);
    return [...readDriverOutput(run(r.prompt + completion + inputsDriver(language, target.entry, inputs))).values()];
  }

  it('JavaScript: prints what each sample computed, and where they differ', async () => {
    const right = await outputs('javascript', RIGHT, node);
    const small = await outputs('javascript', SMALL, node);
    expect(right).toHaveLength(INPUTS);
    expect(right.slice(0, 5).map((v) => v[0])).toEqual(['1', '1', '5', '12', '12']);
    expect(small).not.toEqual(right);
    expect(small.some((v) => v[0] === '!RangeError')).toBe(true);
  });

  let core: CheckerCore;
  beforeAll(async () => {
    core = new CheckerCore(async (f) => readFile(`node_modules/typescript/lib/${f}`, 'utf8').catch(() => undefined));
    await core.warm(true);
  }, 120_000);

  it('TypeScript: the driver passes the strict checker, even where inputs do not fit the declared types', async () => {
    const r = await add('typescript');
    const task = multiplETask(r, 3);
    const target = selectionTarget(task)!;
    const driver = inputsDriver('typescript', target.entry, [
      ...selectionInputs(task, target, []),
      [{ t: 'str', v: 'a' }],
    ]);
    const checked = await core.check(r.prompt + RIGHT + driver, { strict: true });
    expect(checked.diagnostics).toEqual([]);
    const out = [...readDriverOutput(node(checked.js)).values()].map((v) => v[0]);
    expect(out).toHaveLength(INPUTS + 1);
    expect(out.slice(0, 5)).toEqual(['1', '1', '5', '12', '12']);
    // A string where the declared type says number: called all the same, and what it did is seen.
    expect(out[INPUTS]).toBe('"aundefined"');
  });
});
