// Runs the fixpoint command line as a user would, from the repository root.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((ok) => {
    const child = spawn('node', ['--import', 'tsx', 'cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => ok({ status, stdout, stderr }));
  });
}
