// A scripted AgentSessionRuntime: each act answers the next scripted observation (or a function of the code).
import type { ActOptions, AgentFile, AgentSessionRuntime, Observation } from '../../../../src/shared/agent.ts';

export type ActStep = Partial<Observation> | ((code: string) => Partial<Observation>) | { throws: string };

export class FakeSession implements AgentSessionRuntime {
  readonly language = 'python' as const;
  readonly codes: string[] = [];
  readonly options: ActOptions[] = [];
  constructor(private readonly steps: ActStep[] = []) {}
  async start(_files: AgentFile[]): Promise<void> {}
  async act(code: string, opts: ActOptions): Promise<Observation> {
    this.codes.push(code);
    this.options.push(opts);
    const step = this.steps.shift() ?? {};
    if ('throws' in step) throw new Error(String(step.throws));
    const got = typeof step === 'function' ? step(code) : step;
    return { output: '', rich: [], ms: 1, ...got };
  }
  async files(): Promise<AgentFile[]> {
    return [];
  }
  close(): void {}
}
