// JavaScript agent sessions in the built page, from Node (window.fixpoint.agentJs).
import type { Page } from 'playwright-core';
import type { AgentFile, Observation } from '../../../src/shared/agent.ts';

export const openJs = (page: Page, files: AgentFile[] = []): Promise<number> =>
  page.evaluate((f) => window.fixpoint.agentJs.open(f), files);

export const actJs = (
  page: Page,
  n: number,
  code: string,
  timeoutMs = 5000,
  outputCap?: number,
): Promise<Observation> =>
  page.evaluate(([s, c, t, cap]) => window.fixpoint.agentJs.act(s, c, { timeoutMs: t, outputCap: cap }), [
    n,
    code,
    timeoutMs,
    outputCap,
  ] as const);
