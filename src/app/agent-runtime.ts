// The interpreter an agent run acts in, one per run, from the page's sandbox: Python on Pyodide,
// JavaScript in a worker. A language whose interpreter this build lacks is offered but disabled.
import type { AgentLanguage, AgentSessionRuntime } from '../shared/agent.ts';
import type { Runtime } from '../shared/run.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { agentSession } from './agent-run.ts';

const AVAILABLE: Record<AgentLanguage, boolean> = { python: true, javascript: false };

export function openAgentRuntime(runtime: Runtime, language: AgentLanguage): AgentSessionRuntime | undefined {
  if (!(runtime instanceof SandboxRuntime) || !AVAILABLE[language]) return undefined;
  return agentSession(runtime, language);
}

export function agentLanguages(runtime: Runtime): Record<AgentLanguage, boolean> {
  const sandbox = runtime instanceof SandboxRuntime;
  return { python: sandbox && AVAILABLE.python, javascript: sandbox && AVAILABLE.javascript };
}
