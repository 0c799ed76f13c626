import { describe, expect, it } from 'vitest';
import { isAgentRows, parseAgentRows } from '../../../src/kinds/agent/rows.ts';

const line = (rows: unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n');

describe('agent rows', () => {
  it('are told from other rows by their goal', () => {
    expect(isAgentRows(line([{ task_id: 1, goal: 'g' }]))).toBe(true);
    expect(isAgentRows(line([{ task_id: 'HumanEval/0', prompt: 'def f', test: '' }]))).toBe(false);
    expect(isAgentRows('\n\n')).toBe(false);
  });

  it('read the goal, the language, the files with their sizes and the answer as text', () => {
    const [row] = parseAgentRows(
      line([{ task_id: 7, goal: 'Count.', language: 'python', files: { 'data/é.txt': 'aé' }, answer: 3.5 }]),
      'goals.jsonl',
    );
    expect(row).toEqual({
      taskId: '7',
      rawId: 7,
      goal: 'Count.',
      language: 'python',
      files: [{ name: 'data/é.txt', size: 3, text: 'aé' }],
      answer: '3.5',
      line: 1,
    });
    expect(parseAgentRows(line([{ task_id: 'a', goal: 'g' }]), 'f')[0]).toMatchObject({
      language: 'python',
      files: [],
    });
  });

  it.each([
    [{ goal: 'g' }, 'goals.jsonl:2: task_id must be a string or a number'],
    [{ task_id: 'b', goal: '  ' }, 'goals.jsonl:2: goal must be a non-empty string'],
    [{ task_id: 'a', goal: 'g' }, 'goals.jsonl:2: task_id "a" appears twice'],
    [{ task_id: 'b', goal: 'g', language: 'typescript' }, 'language must be python or javascript, not "typescript"'],
    [{ task_id: 'b', goal: 'g', files: ['x'] }, 'files must be an object of file name to text'],
    [{ task_id: 'b', goal: 'g', files: { '/etc/passwd': 'x' } }, 'is not a file name the working directory can hold'],
    [{ task_id: 'b', goal: 'g', files: { 'a/../../x': 'x' } }, 'must name a file inside the working directory'],
    [{ task_id: 'b', goal: 'g', files: { 'x.bin': 5 } }, 'files: "x.bin" must be text'],
    [{ task_id: 'b', goal: 'g', answer: [1] }, 'answer must be text or a number'],
  ])('name the file and the line of a bad row: %j', (bad, message) => {
    expect(() => parseAgentRows(line([{ task_id: 'a', goal: 'fine' }, bad]), 'goals.jsonl')).toThrow(message);
  });
});
