import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLiveCodeBench, parseLiveCodeBench } from '../../../../src/kinds/program/rows.ts';
import { programAsProblem } from '../../../../src/kinds/program/task.ts';
import { problemJob } from '../../../../src/kinds/rows.ts';

const ROWS = readFileSync(resolve(import.meta.dirname, '../../../fixtures/livecodebench/rows.jsonl'), 'utf8');

describe('LiveCodeBench rows', () => {
  it('reads plain and compressed private tests, and marks call-based problems', async () => {
    expect(isLiveCodeBench(ROWS)).toBe(true);
    expect(isLiveCodeBench('{"task_id": "HumanEval/0", "prompt": ""}')).toBe(false);
    const problems = await parseLiveCodeBench(ROWS, 'rows.jsonl');
    const fmt1 = problems.get('fmt1')!;
    expect(fmt1.publicTests).toEqual([{ input: 'a b c\n', output: 'c b a\n' }]);
    expect(fmt1.privateTests).toEqual([
      { input: 'one\n', output: 'one\n' },
      { input: 'x  y\n', output: 'y x\n' },
    ]);
    expect(fmt1.funcName).toBeUndefined();
    expect(problems.get('fmt2')!.funcName).toBe('countPositives');
    const job = problemJob(programAsProblem(problems.get('fmt2')!, 6), 'code', 6);
    expect(job.tests).toEqual({
      kind: 'program',
      inputs: ['[1, -2, 3]', '[]', '[0, 5]'],
      outputs: ['2', '0', '1'],
      funcName: 'countPositives',
    });
    expect(job.limits.timeoutSec).toBe(6);
  });

  it('names the line of a malformed row', async () => {
    const lines = ROWS.trim().split('\n');
    const broken = [lines[0], lines[1]!.replace('"question_content"', '"question_text"')].join('\n');
    await expect(parseLiveCodeBench(broken, 'x.jsonl')).rejects.toThrow(
      'x.jsonl:2: field "question_content" is missing',
    );
    await expect(parseLiveCodeBench(`${lines[0]}\n${lines[0]}`, 'x.jsonl')).rejects.toThrow(
      /x.jsonl:2: question_id "fmt1" appears twice/,
    );
    await expect(parseLiveCodeBench('{"question_id": 1', 'x.jsonl')).rejects.toThrow(/x.jsonl:1: not valid JSON/);
  });
});
