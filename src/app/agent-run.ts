// An agent run in this page: an interpreter for the goal's language in the sandbox frame, the
// model client the settings name, and the loop (src/loop/agent/) between them.
import { createModelClient } from '../models/create-client.ts';
import type { AgentLanguage, AgentSessionRuntime } from '../shared/agent.ts';
import type { AgentEvent, AgentGoal, AgentLimits, AgentRunResult } from '../shared/agent-run.ts';
import type { EndpointConfig } from '../shared/model.ts';
import type { SandboxRuntime } from '../sandbox/sandbox-runtime.ts';
import type { PackageSource } from '../sandbox/agent/packages.ts';
import { runAgent } from '../loop/agent/run-agent.ts';

/** An interpreter for an agent run of this language, not started yet. */
export function agentSession(
  sandbox: SandboxRuntime,
  language: AgentLanguage,
  packages?: PackageSource,
): AgentSessionRuntime {
  return language === 'python' ? sandbox.pythonAgent(packages) : sandbox.openAgentJs();
}

export interface AgentRunSettings {
  limits: AgentLimits;
  temperature?: number;
  signal?: AbortSignal;
  onEvent?: (e: AgentEvent) => void;
}

/** Runs the goal to its end; the run's files as they were at the end come with the result. */
export async function runAgentGoal(
  sandbox: SandboxRuntime,
  goal: AgentGoal,
  endpoint: EndpointConfig,
  s: AgentRunSettings,
): Promise<AgentRunResult> {
  const runtime = agentSession(sandbox, goal.language);
  const began = performance.now();
  try {
    try {
      await runtime.start(goal.files);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const result: AgentRunResult = {
        endReason: 'sandbox-failed',
        error,
        steps: [],
        actions: 0,
        modelCalls: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        ms: performance.now() - began,
      };
      s.onEvent?.({ type: 'final-answer', endReason: 'sandbox-failed' });
      return result;
    }
    return await runAgent({
      model: createModelClient(endpoint),
      runtime,
      goal,
      limits: s.limits,
      temperature: s.temperature,
      signal: s.signal,
      onEvent: s.onEvent,
    });
  } finally {
    runtime.close();
  }
}
