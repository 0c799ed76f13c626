// Test results from what real test runners print (node 20's TAP and spec reporters, vitest's JSON
// reporter), as a Node.js project's command shows them in the terminal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseSpec,
  parseTap,
  parseTestOutput,
  parseVitestJson,
  stripAnsi,
} from '../../../src/sandbox/webcontainer/reporters.ts';

const fixture = (name: string): string => readFileSync(`tests/fixtures/reporters/${name}`, 'utf8');
// A pseudo-terminal ends lines with \r\n and colours what it prints.
const asTerminal = (text: string): string => `\u001b[32m${text.replace(/\n/g, '\r\n')}\u001b[39m`;

describe('node --test, TAP', () => {
  const tests = parseTap(fixture('node-tap.txt'))!;
  it('lists each test once, suites and skipped tests left out', () => {
    expect(tests.map((t) => [t.name, t.passed])).toEqual([
      ['adds', true],
      ['multiplies', false],
      ['strings', false],
    ]);
  });
  it('keeps the assertion message, expected and actual of a failure', () => {
    expect(tests[1]).toMatchObject({ expected: '5', actual: '6' });
    expect(tests[1]!.message).toContain('Expected values to be strictly equal:');
    expect(tests[1]!.message).toContain('6 !== 5');
    expect(tests[2]).toMatchObject({ expected: "a: 'y'", actual: "a: 'x'" });
  });
});

describe('node --test, spec reporter (what a terminal gets by default)', () => {
  it('lists the tests, not the suites, with the first line of a failure', () => {
    const tests = parseSpec(fixture('node-spec.txt'))!;
    expect(tests.map((t) => [t.name, t.passed])).toEqual([
      ['adds', true],
      ['multiplies', false],
      ['strings', false],
    ]);
    expect(tests[1]!.message).toBe('AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:');
  });
});

describe('vitest --reporter=json', () => {
  it('reads each assertion with its full name and failure', () => {
    const tests = parseVitestJson(
      `> vitest run --reporter=json\n${fixture('vitest-json.txt')}\nnpm ERR! Test failed.\n`,
    )!;
    expect(tests.map((t) => [t.name, t.passed])).toEqual([
      ['math adds', true],
      ['math multiplies', false],
      ['lists', false],
    ]);
    expect(tests[1]).toMatchObject({ actual: '6', expected: '5' });
    expect(tests[1]!.message).toBe(
      'AssertionError: expected 6 to be 5 // Object.is equality\n    at /home/projects/project/v.test.js:4:40',
    );
  });
});

describe('output from a terminal', () => {
  it('strips colours and carriage returns before reading', () => {
    expect(stripAnsi('\u001b[31m✖ a\u001b[39m\r\n')).toBe('✖ a\n');
    expect(parseTestOutput(asTerminal(fixture('node-tap.txt'))).map((t) => t.name)).toEqual([
      'adds',
      'multiplies',
      'strings',
    ]);
    expect(parseTestOutput(asTerminal(fixture('vitest-json.txt')))).toHaveLength(3);
  });
  it('finds no tests in output that has none', () => {
    expect(parseTestOutput('hello\nworld\n')).toEqual([]);
  });
});
