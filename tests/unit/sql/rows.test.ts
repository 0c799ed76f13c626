// BIRD's question files (a JSON array as published, or JSON Lines) and samples: the rows, and
// errors that name the file and the line of the row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSqlProblems, parseSqlSamples } from '../../../src/kinds/sql/rows.ts';

const BIRD = readFileSync('tests/fixtures/bird/dev.json', 'utf8');

describe('BIRD problem files', () => {
  it("reads BIRD's published shape", () => {
    const [first, second] = parseSqlProblems(BIRD, 'dev.json');
    expect(first).toMatchObject({
      taskId: '1',
      rawId: 1,
      dbId: 'library',
      evidence: '',
      difficulty: 'simple',
      line: 2,
    });
    expect(second).toMatchObject({ taskId: '2', evidence: 'Dune is a title in books', line: 10 });
  });

  it('reads JSON Lines too', () => {
    const text = '{"question_id": "q1", "db_id": "a", "question": "?", "SQL": "SELECT 1"}\n';
    expect(parseSqlProblems(text, 'dev.jsonl')).toMatchObject([{ taskId: 'q1', evidence: '', line: 1 }]);
  });

  it('names the line of a bad row in an array, whatever its strings hold', () => {
    const text =
      '[\n{"question_id": 1, "db_id": "a", "question": "[{,", "SQL": "x"},\n\n{"question_id": 2, "db_id": "a", "question": 5, "SQL": "x"}\n]';
    expect(() => parseSqlProblems(text, 'd.json')).toThrow('d.json:4: field "question" must be a string');
    expect(() => parseSqlProblems('[1]', 'd.json')).toThrow('d.json:1: item 1 of the array is not a JSON object');
    expect(() => parseSqlProblems('[]', 'd.json')).toThrow('the JSON array has no rows');
  });

  it('refuses repeated ids and db_ids that are not names', () => {
    const row = (id: number, db: string) => `{"question_id": ${id}, "db_id": "${db}", "question": "?", "SQL": "x"}`;
    expect(() => parseSqlProblems(`[${row(1, 'a')},\n${row(1, 'a')}]`, 'd.json')).toThrow(
      'd.json:2: question_id 1 appears twice',
    );
    expect(() => parseSqlProblems(`[${row(1, 'x/../../etc')}]`, 'd.json')).toThrow('is not a database name');
  });

  it('reads samples by question_id, string or number', () => {
    const problems = new Map(parseSqlProblems(BIRD, 'dev.json').map((p) => [p.taskId, p]));
    const samples = parseSqlSamples('{"task_id": "2", "completion": "SELECT 1"}\n', 's.jsonl', problems);
    expect(samples).toEqual([{ taskId: '2', rawId: '2', completion: 'SELECT 1', line: 1 }]);
    expect(() => parseSqlSamples('{"task_id": 3, "completion": ""}', 's.jsonl', problems)).toThrow(
      's.jsonl:1: unknown task_id 3',
    );
  });
});
