// Runs a Node.js project in a booted WebContainer: mount its files, `npm install` when it has
// dependencies, then its command under the time limit. Output streams as it comes; the exit code
// and the test reporter's output become a RunResult like the other runners'.
import type { FileSystemTree } from '@webcontainer/api';
import type { NodeProject } from '../../shared/node-project.ts';
import { DEFAULT_NODE_COMMAND } from '../../shared/node-project.ts';
import type { OutputStream, RunResult } from '../../shared/run.ts';
import type { RunHandle } from '../../shared/runtime.ts';
import { OutputCollector } from '../results.ts';
import type { Container } from './boot.ts';
import { projectResult, type Ending } from './verdict.ts';
import { errorMessage } from '../../shared/error-message.ts';
import { deferred } from '../../shared/deferred.ts';

/** npm install gets its own, longer bound: the time limit is for the project's command. */
const INSTALL_BOUND_MS = 180_000;
// After kill(), how long to wait for the exit code before reporting without it.
const KILL_GRACE_MS = 2000;

export function toTree(files: Record<string, string>): FileSystemTree {
  const root: FileSystemTree = {};
  for (const [path, contents] of Object.entries(files)) {
    const parts = path.split('/').filter((p) => p && p !== '.');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      const node = (dir[part] ??= { directory: {} });
      if (!('directory' in node)) throw new Error(`${path}: ${part} is a file, not a folder`);
      dir = node.directory;
    }
    const name = parts.at(-1);
    if (name) dir[name] = { file: { contents } };
  }
  return root;
}

/** `npm test` -> ['npm', ['test']]; quotes group words. */
export function splitCommand(command: string): [string, string[]] {
  const words = [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  return [words[0] ?? 'npm', words.slice(1)];
}

function needsInstall(files: Record<string, string>): boolean {
  try {
    const pkg = JSON.parse(files['package.json'] ?? '{}') as Record<string, unknown>;
    const some = (k: string): boolean =>
      typeof pkg[k] === 'object' && pkg[k] !== null && Object.keys(pkg[k]).length > 0;
    return some('dependencies') || some('devDependencies');
  } catch {
    return false;
  }
}

export function runNodeProject(
  container: Container,
  project: NodeProject,
  onOutput?: (stream: OutputStream, text: string) => void,
): RunHandle {
  const out = new OutputCollector(project.limits.outputCap);
  const started = Date.now();
  let stopping: ((why: 'cancelled') => void) | undefined;
  let cancelled = false;

  /** Runs one process to its end, the bound, or a cancel. */
  async function step(cmd: string, args: string[], boundMs: number): Promise<Ending> {
    if (cancelled) return { kind: 'cancelled' };
    const proc = await container.spawn(cmd, args, { terminal: { cols: 100, rows: 30 } });
    const pump = proc.output.pipeTo(
      new WritableStream({
        write(chunk) {
          const kept = out.add('stdout', chunk);
          if (kept) onOutput?.('stdout', kept);
        },
      }),
    );
    pump.catch(() => undefined);
    const stop = deferred<'timed out' | 'cancelled'>();
    const timer = setTimeout(() => stop.resolve('timed out'), boundMs);
    stopping = stop.resolve;
    if (cancelled) stop.resolve('cancelled');
    const first = await Promise.race([proc.exit.then((code) => ({ code })), stop.promise.then((why) => ({ why }))]);
    clearTimeout(timer);
    stopping = undefined;
    if ('code' in first) {
      await Promise.race([pump, new Promise((r) => setTimeout(r, KILL_GRACE_MS))]);
      return { kind: 'exit', code: first.code };
    }
    proc.kill();
    await Promise.race([proc.exit, new Promise((r) => setTimeout(r, KILL_GRACE_MS))]);
    return { kind: first.why };
  }

  async function run(): Promise<RunResult> {
    const command = project.command?.trim() || DEFAULT_NODE_COMMAND;
    try {
      await container.mount(toTree(project.files));
      if (needsInstall(project.files)) {
        const install = await step('npm', ['install', '--no-audit', '--no-fund'], INSTALL_BOUND_MS);
        if (install.kind !== 'exit' || install.code !== 0)
          return projectResult({ phase: 'install', ending: install, command: 'npm install', out, started });
      }
      const [cmd, args] = splitCommand(command);
      const ending = await step(cmd, args, Math.max(1, project.limits.timeoutSec * 1000));
      return projectResult({ phase: 'command', ending, command, out, started });
    } catch (err) {
      return projectResult({
        phase: 'command',
        ending: { kind: 'crash', message: errorMessage(err) },
        command,
        out,
        started,
      });
    }
  }

  return {
    result: run(),
    cancel() {
      cancelled = true;
      stopping?.('cancelled');
    },
  };
}
