import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/app/bench/datasets.ts';

const data = (p: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '../../../data', p)));

describe('benchmark files', () => {
  it('reads a gzipped dataset by its bytes, whatever its name says', async () => {
    const problems = await loadFile(new File([data('humaneval/HumanEval.jsonl.gz')], 'he.jsonl'));
    expect(problems).toHaveLength(164);
    expect(problems[0]).toMatchObject({ taskId: 'HumanEval/0', kind: 'humaneval' });
  });

  it('turns a classroom pack’s Python exercises into tasks graded by all their tests', async () => {
    const problems = await loadFile(new File([data('packs/intro-python.json')], 'intro-python.json'));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ taskId: 'intro-python/count-vowels', kind: 'mbpp' });
    expect(problems[0]!.kind === 'mbpp' && problems[0]!.asserts).toContain("assert count_vowels('') == 0");
  });

  it('says what is wrong with a file that is neither', async () => {
    await expect(loadFile(new File(['{"hello": 1}\n'], 'x.jsonl'))).rejects.toThrow(
      /x\.jsonl:1: field "task_id" is missing/,
    );
  });
});
