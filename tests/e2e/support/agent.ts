// Driving an agent run's interpreter in the built page (window.fixpoint.agentOpen and its kin).
import type { Page } from 'playwright-core';
import type { AgentFile, Observation } from '../../../src/shared/agent.ts';

export function agentOpen(page: Page, files: AgentFile[] = []): Promise<number> {
  return page.evaluate((f) => window.fixpoint.agentOpen('python', f), files);
}

export function act(
  page: Page,
  handle: number,
  code: string,
  timeoutMs = 5000,
  outputCap = 10_000,
): Promise<Observation> {
  return page.evaluate(([h, c, t, o]) => window.fixpoint.agentAct(h, c, { timeoutMs: t, outputCap: o }), [
    handle,
    code,
    timeoutMs,
    outputCap,
  ] as const);
}
