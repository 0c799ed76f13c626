// Per-test results from what a Node.js project's test command prints: vitest's JSON reporter,
// `node --test` in TAP, or node's spec reporter (what `node --test` prints on a terminal, which
// WebContainer processes have). Pure: the output is text that the project's own code printed.
import { clip } from '../../shared/format.ts';
import type { TestResult } from '../../shared/run.ts';

const MAX_TESTS = 1000;
const MAX_FIELD = 20_000;

const clipField = (s: string | undefined): string | undefined => (s === undefined ? undefined : clip(s, MAX_FIELD));

/** Removes terminal colour and cursor codes (WebContainer output comes from a pseudo-terminal). */
export function stripAnsi(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the escape character is what is being matched
      .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g, '')
      .replace(/\r+\n|\r/g, (m) => (m === '\r' ? '' : '\n'))
  );
}

interface VitestAssertion {
  fullName?: unknown;
  title?: unknown;
  status?: unknown;
  failureMessages?: unknown;
}

/** vitest --reporter=json, printed on stdout: one JSON object with `testResults`. */
export function parseVitestJson(text: string): TestResult[] | undefined {
  // The terminal may break the one-line report; JSON strings hold no raw newlines of their own.
  const flat = text.replace(/\r?\n/g, '');
  const start = flat.indexOf('{"numTotalTestSuites"');
  if (start < 0) return undefined;
  let report: { testResults?: { assertionResults?: VitestAssertion[] }[] };
  try {
    report = JSON.parse(balanced(flat, start)) as typeof report;
  } catch {
    return undefined;
  }
  const tests: TestResult[] = [];
  for (const file of report.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'passed' && a.status !== 'failed') continue;
      const name = typeof a.fullName === 'string' ? a.fullName : typeof a.title === 'string' ? a.title : '?';
      const failures = Array.isArray(a.failureMessages) ? a.failureMessages.filter((m) => typeof m === 'string') : [];
      tests.push({ name, passed: a.status === 'passed', ...failureDetails(failures.join('\n')) });
    }
  }
  return tests.slice(0, MAX_TESTS);
}

/** The JSON object that starts at `start`, without what the terminal printed after it. */
function balanced(text: string, start: number): string {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** Expected and actual from an assertion message such as vitest's "expected 3 to be 4". */
function failureDetails(message: string): Pick<TestResult, 'message' | 'expected' | 'actual'> {
  if (!message) return {};
  const firstLine = message.split('\n')[0] ?? message;
  const m = /expected (.+?) to (?:be|equal|deeply equal|strictly equal) (.+?)(?: \/\/ .*)?$/.exec(firstLine);
  // The test runner's own frames say nothing about the project's code.
  const own = message
    .split('\n')
    .filter((l) => !/node_modules|node:internal|\(<anonymous>\)/.test(l))
    .join('\n');
  return { message: clipField(own), actual: m?.[1], expected: m?.[2] };
}

/** `node --test --test-reporter=tap`: `ok 1 - name` / `not ok 2 - name`, with a YAML block for failures. */
export function parseTap(text: string): TestResult[] | undefined {
  const lines = text.split(/\r?\n/);
  const tests: TestResult[] = [];
  let lastIndent: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(not ok|ok) \d+ - (.*?)(?:\s+#\s*(SKIP|TODO)\b.*)?$/.exec(lines[i]!);
    if (!m) continue;
    const indent = m[1]!.length;
    // Subtests are printed before their parent (a describe, or a test with t.test inside), one
    // level deeper: a line less indented than the one before it closes a group and is no test.
    const parent = lastIndent !== undefined && lastIndent > indent;
    lastIndent = indent;
    const yaml = readYaml(lines, i + 1, indent);
    if (parent || yaml.type === 'suite' || m[4]) continue;
    tests.push({
      name: m[3]!,
      passed: m[2] === 'ok',
      message: clipField(yaml.error),
      expected: clipField(yaml.expected),
      actual: clipField(yaml.actual),
    });
  }
  return tests.length > 0 || /^TAP version/m.test(text) ? tests.slice(0, MAX_TESTS) : undefined;
}

/** The `---` ... `...` block under a TAP line: the few keys a failure carries, block scalars included. */
function readYaml(lines: string[], from: number, indent: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (!/^\s*---\s*$/.test(lines[from] ?? '')) return out;
  let key = '';
  for (let i = from + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*\.\.\.\s*$/.test(line)) break;
    const kv = /^(\s*)([A-Za-z]+):\s?(.*)$/.exec(line);
    if (kv && kv[1]!.length === indent + 2) {
      key = kv[2]!;
      const v = kv[3]!.trim();
      out[key] = /^[|>][-+]?$/.test(v) ? '' : v.replace(/^'(.*)'$/, '$1');
    } else if (key && line.trim()) {
      out[key] = out[key] ? `${out[key]}\n${line.trim()}` : line.trim();
    }
  }
  return out;
}

/** node's spec reporter: `✔ name (1.2ms)` and `✖ name (0.8ms)`. */
export function parseSpec(text: string): TestResult[] | undefined {
  const tests: TestResult[] = [];
  const suites = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*✖ failing tests:/.test(line)) break;
    const suite = /^(\s*)▶ (.+)$/.exec(line);
    if (suite) suites.add(`${suite[1]!.length}:${suite[2]!.trim()}`);
    const m = /^(\s*)([✔✖]) (.+?) \([\d.]+m?s\)\s*$/.exec(line);
    if (!m || suites.has(`${m[1]!.length}:${m[3]}`)) continue;
    const message = m[2] === '✖' ? lines[i + 1]?.trim() || undefined : undefined;
    tests.push({ name: m[3]!, passed: m[2] === '✔', message: clipField(message) });
  }
  return tests.length > 0 ? tests.slice(0, MAX_TESTS) : undefined;
}

export function parseTestOutput(text: string): TestResult[] {
  const plain = stripAnsi(text);
  return parseVitestJson(plain) ?? parseTap(plain) ?? parseSpec(plain) ?? [];
}
