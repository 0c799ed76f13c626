// The interpreter an agent run acts in, one per run, from the page's sandbox: Python on Pyodide
// (the loop's agentSession), JavaScript in a worker of its own.
import type { AgentLanguage, AgentSessionRuntime } from '../shared/agent.ts';
import type { Runtime } from '../shared/runtime.ts';
import { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import { agentSession } from './agent-run.ts';

export function openAgentRuntime(runtime: Runtime, language: AgentLanguage): AgentSessionRuntime | undefined {
  if (!(runtime instanceof SandboxRuntime)) return undefined;
  return language === 'javascript' ? runtime.openAgentJs() : agentSession(runtime, language);
}

/** Both languages run wherever the page's own sandbox does. */
export function agentLanguages(runtime: Runtime): Record<AgentLanguage, boolean> {
  const sandbox = runtime instanceof SandboxRuntime;
  return { python: sandbox, javascript: sandbox };
}
