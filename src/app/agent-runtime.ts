// The interpreter an agent run acts in, one per run, from the page's sandbox: Python on Pyodide,
// JavaScript in a worker. A language whose interpreter this build lacks is offered but disabled.
import type { AgentLanguage, AgentSessionRuntime } from '../shared/agent.ts';
import type { Runtime } from '../shared/run.ts';

type Openers = Partial<Record<'openAgentPython' | 'openAgentJs', () => AgentSessionRuntime>>;

const OPENER: Record<AgentLanguage, keyof Openers> = { python: 'openAgentPython', javascript: 'openAgentJs' };

export function openAgentRuntime(runtime: Runtime, language: AgentLanguage): AgentSessionRuntime | undefined {
  const open = (runtime as Openers)[OPENER[language]];
  return open?.call(runtime);
}

export function agentLanguages(runtime: Runtime): Record<AgentLanguage, boolean> {
  const has = (l: AgentLanguage): boolean => typeof (runtime as Openers)[OPENER[l]] === 'function';
  return { python: has('python'), javascript: has('javascript') };
}
