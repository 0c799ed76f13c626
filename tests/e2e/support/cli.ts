// Runs the fixpoint command line as a user would, from the repository root (or a copy of it).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string> = {}, root = ROOT): Promise<CliResult> {
  return new Promise((ok) => {
    const child = spawn('node', ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => ok({ status, stdout, stderr }));
  });
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
