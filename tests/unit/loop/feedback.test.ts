import { describe, expect, it } from 'vitest';
import { buildFeedback, noCodeFeedback } from '../../../src/loop/feedback.ts';
import { candidateFromReply } from '../../../src/loop/assemble.ts';
import type { RunResult } from '../../../src/shared/run.ts';
import { failing, heTask, pass, raised, syntax } from './fakes.ts';

const CODE = 'def add(a, b):\n    xs = [a, b]\n    return xs[2]';
const ctx = { code: CODE, lineOffset: 0, timeoutSec: 3 };

describe('feedback by kind', () => {
  it('syntax error: its line and the source line', () => {
    const text = buildFeedback(syntax("expected ':'", 1), { code: 'def add(a, b)\n    return a + b', lineOffset: 0 });
    expect(text).toBe(
      "SyntaxError at line 1: expected ':'\n  1 | def add(a, b)\nThe code does not compile, so no test ran.",
    );
  });

  it('runtime error: type, message, source line and traceback', () => {
    const tb =
      'Traceback (most recent call last):\n  File "<exec>", line 3, in add\n    return xs[2]\nIndexError: list index out of range';
    const text = buildFeedback(raised('IndexError', 'list index out of range', 3, tb), ctx);
    expect(text).toBe(`IndexError at line 3: list index out of range\n  3 |     return xs[2]\n${tb}`);
  });

  it('a long traceback keeps its header and the innermost frames', () => {
    const frames = Array.from({ length: 40 }, () => `  File "<exec>", line 2, in add\n    return add(a, b)`).join('\n');
    const tb = `Traceback (most recent call last):\n${frames}\nRecursionError: maximum recursion depth exceeded`;
    const text = buildFeedback(raised('RecursionError', 'maximum recursion depth exceeded', 2, tb), ctx);
    expect(text).toContain('Traceback (most recent call last):\n  [… 52 lines omitted …]\n');
    expect(text.endsWith('RecursionError: maximum recursion depth exceeded')).toBe(true);
  });

  it('failed tests: call, expected and actual, the first five and a count of the rest', () => {
    const text = buildFeedback(failing(8, ['test_1', 'test_2', 'test_3', 'test_4', 'test_5', 'test_6', 'test_7']), ctx);
    expect(text.split('\n').slice(0, 4)).toEqual([
      '7 of 8 tests failed:',
      '1. test_1: assert add(0, 1) == 1',
      '   expected: 1',
      '   actual:   0',
    ]);
    expect(text).toContain('5. test_5: assert add(4, 1) == 5');
    expect(text).not.toContain('test_6');
    expect(text.endsWith('… and 2 more failed.')).toBe(true);
  });

  it('a test that raised shows its error', () => {
    const r: RunResult = {
      ...failing(2, []),
      tests: [
        {
          name: 'test_div',
          passed: false,
          source: 'assert div(1, 0) == 0',
          message: 'ZeroDivisionError: division by zero',
        },
      ],
    };
    expect(buildFeedback(r, ctx)).toBe(
      '1 of 1 test failed:\n1. test_div: assert div(1, 0) == 0\n   error: ZeroDivisionError: division by zero',
    );
  });

  it('huge expected and actual values are cut with a mark', () => {
    const r: RunResult = {
      ...failing(1, []),
      tests: [{ name: 't', passed: false, expected: '1'.repeat(1000), actual: '2' }],
    };
    expect(buildFeedback(r, ctx)).toContain(`expected: ${'1'.repeat(400)}… [600 more characters]`);
  });

  it('time limit names the test that was running', () => {
    const r: RunResult = { ...pass(0), status: 'timed out', result: 'timed out', runningTest: 'test_big' };
    expect(buildFeedback(r, ctx)).toBe(
      'The run hit the time limit of 3 s, while running test_big. Look for an infinite loop, or make the algorithm faster.',
    );
  });

  it('a type check that hit the time limit asks for simpler types', () => {
    const r: RunResult = { ...pass(0), status: 'timed out', result: 'timed out', runningTest: 'the type check' };
    expect(buildFeedback(r, ctx)).toMatch(/^The type check hit the time limit of 3 s\. Simplify the types/);
  });

  it('out of memory and too deep recursion are told apart', () => {
    const crash = (message: string): RunResult => ({
      ...pass(0),
      status: 'crashed',
      result: `failed: ${message}`,
      exception: { type: 'Crash', message, traceback: '' },
    });
    expect(buildFeedback(crash('the interpreter ran out of memory'), ctx)).toBe(
      'The Python interpreter ran out of memory and was stopped. Use less memory.',
    );
    expect(buildFeedback(crash('Maximum call stack size exceeded'), ctx)).toBe(
      'The Python interpreter crashed from too deep recursion. Use a loop instead, or recurse less deeply.',
    );
  });

  it('long program output keeps its head and tail with a mark', () => {
    const out = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const text = buildFeedback({ ...failing(1, ['test_1']), stdout: out }, ctx);
    expect(text).toContain('Output (stdout):\n```text\nline 0\nline 1\n');
    expect(text).toMatch(/\n\[… [\d,]+ characters omitted …\]\n/);
    expect(text).toContain('line 1999\n```');
    expect(text.length).toBeLessThan(4000);
  });

  it('says when the output was cut at the sandbox limit', () => {
    const text = buildFeedback(
      { ...failing(1, ['test_1']), stdout: 'hi\n… [output truncated: 10 more characters]', truncated: true },
      ctx,
    );
    expect(text).toContain('Output (stdout, cut at the output limit):');
  });

  it('a passing run says so, without the output', () => {
    expect(buildFeedback({ ...pass(3), stdout: 'debug' }, ctx)).toBe('All 3 tests pass.');
  });

  it('hidden tests are only counted, never described', () => {
    const hidden = { total: 4, failed: 2, status: 'failed' as const };
    expect(buildFeedback(pass(3), { ...ctx, hidden })).toBe('All 3 visible tests pass.\n\n2 hidden tests failed.');
    const visibleFail = buildFeedback(failing(2, ['test_1']), { ...ctx, hidden });
    expect(visibleFail.endsWith('2 hidden tests failed.')).toBe(true);
  });

  it('a reply cut off inside its code block is told so', () => {
    const text = buildFeedback(syntax("'(' was never closed", 2), {
      code: 'def add(a, b):\n    return (a',
      lineOffset: 0,
      truncatedReply: true,
    });
    expect(text).toContain('Your reply was cut off before the code block was closed');
  });

  it('no code in the reply asks for one fenced python block', () => {
    expect(noCodeFeedback('prose')).toBe(
      'Your reply contained no code. Reply with the complete solution in a single fenced ```python block.',
    );
    expect(noCodeFeedback('not-python')).toContain('none held a Python solution');
  });
});

describe('line numbers refer to the code as the model wrote it', () => {
  it('a body appended to a HumanEval prompt reports lines of the body', () => {
    const c = candidateFromReply('```python\n    total = 0\n    out = []\n    return 1 / 0\n```', heTask);
    if (c.kind !== 'candidate') throw new Error('no candidate');
    expect(c.shape).toBe('body');
    const programLine = c.program.split('\n').indexOf('    return 1 / 0') + 1;
    expect(programLine).toBe(c.lineOffset + 3);
    const tb = `Traceback (most recent call last):\n  File "<exec>", line 20, in <module>\n  File "<exec>", line ${programLine}, in running_sum\n    return 1 / 0\nZeroDivisionError: division by zero`;
    const text = buildFeedback(raised('ZeroDivisionError', 'division by zero', programLine, tb), {
      code: c.code,
      lineOffset: c.lineOffset,
    });
    expect(text).toBe(
      'ZeroDivisionError at line 3: division by zero\n  3 |     return 1 / 0\nTraceback (most recent call last):\n' +
        '  File "<exec>", in the test code, in <module>\n  File "<exec>", line 3, in running_sum\n    return 1 / 0\nZeroDivisionError: division by zero',
    );
  });

  // A two-line prompt, then the model's code: program line N is line N - 2 of the code.
  const TWO = { code: 'def f(a):\n    x = 1\n    p, q = a\n    return p\n', lineOffset: 2 };

  it('a test that raised names the line of the model’s code, as the excerpt and the traceback do', () => {
    const tb =
      'Traceback (most recent call last):\n  File "<tests>", line 3, in check\n    assert candidate(5) == 5\n' +
      '  File "<candidate>", line 5, in f\n    p, q = a\nTypeError: cannot unpack non-iterable int object';
    const r: RunResult = {
      ...raised('TypeError', 'cannot unpack non-iterable int object', 5, tb),
      status: 'failed',
      tests: [
        {
          name: 'assert candidate(5) == 5',
          passed: false,
          source: 'assert candidate(5) == 5',
          message: 'TypeError: cannot unpack non-iterable int object (<candidate> line 5)',
        },
      ],
    };
    const text = buildFeedback(r, TWO);
    expect(text).toContain('error: TypeError: cannot unpack non-iterable int object (<candidate> line 3)');
    expect(text).toContain('TypeError at line 3: cannot unpack non-iterable int object\n  3 |     p, q = a');
    expect(text).toContain('  File "<tests>", in the test code, in check\n');
    expect(text).toContain('  File "<candidate>", line 3, in f\n');
    expect(text).not.toMatch(/line [1245]\b/);
  });

  it('a syntax error says its line once, in the model’s numbering', () => {
    const r: RunResult = {
      ...syntax("expected ':' (<candidate>, line 3)", 3),
      result: "failed: expected ':' (<candidate>, line 3)",
    };
    expect(buildFeedback(r, { code: 'def f(a)\n    return a\n', lineOffset: 2 })).toBe(
      "SyntaxError at line 1: expected ':'\n  1 | def f(a)\nThe code does not compile, so no test ran.",
    );
  });

  it('a traceback the program printed itself is renumbered too', () => {
    const printed = 'Traceback (most recent call last):\n  File "<candidate>", line 4, in f\nKeyError: 1\n';
    const text = buildFeedback({ ...failing(1, ['test_1']), stderr: printed }, TWO);
    expect(text).toContain('File "<candidate>", line 2, in f');
  });

  it('library frames keep their own numbers; frames in the prompt say so', () => {
    const tb =
      'Traceback (most recent call last):\n  File "<candidate>", line 1, in helper\n' +
      '  File "/lib/python3.12/json/__init__.py", line 346, in loads\nValueError: bad';
    const text = buildFeedback(raised('ValueError', 'bad', 1, tb), TWO);
    expect(text).toContain('File "<candidate>", line 1 of the task\'s prompt, in helper');
    expect(text).toContain('File "/lib/python3.12/json/__init__.py", line 346, in loads');
  });

  it('a syntax error inside the prompt is not blamed on a line of the body', () => {
    const text = buildFeedback(syntax('unexpected indent', 2), { code: '    return 1', lineOffset: 9 });
    expect(text).toBe('SyntaxError: unexpected indent\nThe code does not compile, so no test ran.');
  });
});
