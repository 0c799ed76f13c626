// Runs the fixpoint command line as a user would, from the repository root (or a copy of it).
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

// FIXPOINT_E2E_TIMINGS=FILE: each command appends a line to FILE saying where its time went (its
// phases as cli/timings.ts records them, and the test that ran it).
const TIMINGS = process.env.FIXPOINT_E2E_TIMINGS;
let calls = 0;

export function cli(args: string[], env: Record<string, string> = {}, root = ROOT): Promise<CliResult> {
  const timings = TIMINGS && join(tmpdir(), `fixpoint-e2e-timings-${process.pid}-${calls++}.json`);
  const started = performance.now();
  return new Promise((ok) => {
    const child = spawn('node', ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...(timings ? { FIXPOINT_TIMINGS: timings } : {}), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => {
      if (TIMINGS && timings) noteTimings(TIMINGS, timings, args, performance.now() - started);
      ok({ status, stdout, stderr });
    });
  });
}

function noteTimings(to: string, from: string, args: string[], wallMs: number): void {
  const phases: unknown = existsSync(from) ? JSON.parse(readFileSync(from, 'utf8')) : null;
  rmSync(from, { force: true });
  const test = expect.getState();
  appendFileSync(to, `${JSON.stringify({ file: test.testPath, test: test.currentTestName, args, wallMs, phases })}\n`);
}

/** `run` on a problems file against a local OpenAI-wire endpoint, three iterations unless `extra` says otherwise. */
export function runAgainst(
  problems: string,
  baseUrl: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<CliResult> {
  const common = [
    'run',
    '--problems',
    problems,
    '--provider',
    'openai',
    '--base-url',
    baseUrl,
    '--model',
    'test-model',
  ];
  const iterations = extra.includes('--max-iterations') ? [] : ['--max-iterations', '3'];
  return cli([...common, ...iterations, ...extra], env);
}

/** What `run` and `eval` write to stdout: one JSON object a line, the summary last. */
export function rowsOf<Row = Record<string, unknown>>(stdout: string): Row[] {
  return stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
}

/** Writes JSON-lines files in `dir`, as `run --problems` and `eval --samples` read them; gives each one's path. */
export function jsonlWriter(dir: string): (name: string, rows: unknown[]) => string {
  return (name, rows) => {
    const path = join(dir, name);
    writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    return path;
  };
}
