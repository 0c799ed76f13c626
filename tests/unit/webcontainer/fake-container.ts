// A stand-in for a booted WebContainer with the package's own types: it records what was mounted
// and spawned, and plays each command's output and exit code (or never exits, until killed).
import { deferred } from '../../../src/shared/deferred.ts';
import type { FileSystemTree, SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import type { Container } from '../../../src/sandbox/webcontainer/boot.ts';

export interface Script {
  output: string[];
  /** undefined: runs until killed. */
  exitCode?: number;
}

export class FakeContainer implements Container {
  mounted: FileSystemTree[] = [];
  spawned: string[] = [];
  killed: string[] = [];
  tornDown = false;

  constructor(private readonly scripts: Record<string, Script>) {}

  async mount(tree: FileSystemTree | Uint8Array | ArrayBuffer): Promise<void> {
    this.mounted.push(tree as FileSystemTree);
  }

  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  spawn(command: string, options?: SpawnOptions): Promise<WebContainerProcess>;
  async spawn(command: string, argsOrOptions?: string[] | SpawnOptions): Promise<WebContainerProcess> {
    const line = [command, ...(Array.isArray(argsOrOptions) ? argsOrOptions : [])].join(' ');
    this.spawned.push(line);
    const script = Object.entries(this.scripts).find(([prefix]) => line.startsWith(prefix))?.[1] ?? {
      output: [`sh: ${command}: command not found\r\n`],
      exitCode: 127,
    };
    const { promise: exit, resolve: finish } = deferred<number>();
    let close!: () => void;
    const output = new ReadableStream<string>({
      start(controller) {
        for (const chunk of script.output) controller.enqueue(chunk);
        close = () => {
          try {
            controller.close();
          } catch {
            // already closed
          }
        };
        if (script.exitCode !== undefined) {
          close();
          finish(script.exitCode);
        }
      },
    });
    return {
      exit,
      output,
      input: new WritableStream<string>(),
      kill: () => {
        this.killed.push(line);
        close();
        finish(143);
      },
      resize: () => undefined,
    };
  }

  teardown(): void {
    this.tornDown = true;
  }
}
