// A byte order mark (U+FEFF) starts files saved by some Windows editors and tools; it is
// invisible, so "Unexpected token" about it helps nobody. Every JSON and JSONL reader skips it.
import { describe, expect, it } from 'vitest';
import { parseSubmissions, RESULTS_FORMAT } from '../../../src/classroom/results.ts';
import { parsePack, validatePack } from '../../../src/classroom/validate.ts';
import { parseRunRows } from '../../../src/shared/bench-rows.ts';
import { parseSamples } from '../../../src/shared/problems.ts';
import { parseProblems } from '../../../src/kinds/rows.ts';
import { rawPack } from '../../support/classroom-pack.ts';

const BOM = '\uFEFF';
const humaneval = {
  task_id: 'T/0',
  prompt: 'def f():\n',
  test: 'def check(c):\n    assert c() == 1\n',
  entry_point: 'f',
};
const multiplE = { name: 'HumanEval_0_f', language: 'js', prompt: 'function f() {', tests: 'assert(f() === 1)' };

describe('a byte order mark at the start of a file', () => {
  it('is skipped by the problems and samples readers, JSONL and JSON array alike', () => {
    const problems = parseProblems(`${BOM}${JSON.stringify(humaneval)}\n`, 'problems.jsonl');
    expect(problems.map((p) => p.taskId)).toEqual(['T/0']);
    expect(parseProblems(`${BOM}${JSON.stringify([multiplE])}`, 'prompts.json').map((p) => p.taskId)).toEqual([
      'HumanEval_0_f',
    ]);
    const samples = parseSamples(
      `${BOM}{"task_id": "T/0", "completion": "  return 1"}\n`,
      'samples.jsonl',
      new Map(problems.map((p) => [p.taskId, p])),
    );
    expect(samples.map((s) => s.completion)).toEqual(['  return 1']);
  });

  it('is skipped by the run rows reader', () => {
    const row = { task_id: 'T/0', passed: true, usage: { input_tokens: 1, output_tokens: 2 }, attempts: [] };
    expect(parseRunRows(`${BOM}${JSON.stringify(row)}\n`, 'run-out.jsonl')).toHaveLength(1);
  });

  it('is skipped by the pack and submissions readers', () => {
    const pack = parsePack(`${BOM}${JSON.stringify(rawPack())}`, 'pack.json');
    expect(pack).toEqual(validatePack(rawPack(), 'pack.json'));
    const results = {
      format: RESULTS_FORMAT,
      student: 'ann',
      pack: { id: pack.id, version: pack.version, hash: '01234567' },
      exportedAt: '2026-01-01T00:00:00Z',
      exercises: [{ id: pack.exercises[0]!.id, code: 'x = 1' }],
    };
    expect(parseSubmissions(`${BOM}${JSON.stringify(results)}`, 'ann.json', pack)).toHaveLength(1);
    const row = { student: 'bob', exercise: pack.exercises[0]!.id, code: 'x = 2' };
    expect(parseSubmissions(`${BOM}${JSON.stringify(row)}\n`, 'subs.jsonl', pack)).toHaveLength(1);
  });
});
