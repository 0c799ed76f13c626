import { describe, expect, it } from 'vitest';
import { jsonProblem } from '../../../src/ui/classroom/json-problem.ts';

describe('where a JSON list field goes wrong', () => {
  it('says nothing about valid JSON', () => {
    expect(jsonProblem('[]')).toBeUndefined();
    expect(jsonProblem('[\n  {"name": "a", "code": "assert f()"}\n]\n')).toBeUndefined();
  });

  it('names the line and column of the mistake, not a character position', () => {
    const text = '[\n  {\n    "name": "a",\n    "code": "x"\n    "points": 1\n  }\n]';
    const said = jsonProblem(text)!;
    expect(said).toMatch(/^line 5, column 5: /);
    expect(said).not.toMatch(/position/);
  });

  it('points at the end of text that stops too soon', () => {
    expect(jsonProblem('[\n  {"name": "a"')).toMatch(/^line 2, column 15: /);
    expect(jsonProblem('[\n  {"name":\n\n')).toBe('line 2, column 11: Unexpected end of JSON input');
  });

  it('says an empty box is empty', () => {
    expect(jsonProblem('  \n')).toBe('the box is empty (write [] for none)');
  });

  it('leaves the text out of the message, since the box shows it', () => {
    expect(jsonProblem('[hint]')).toBe(`Unexpected token 'h'`);
  });
});
