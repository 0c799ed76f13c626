// Once per end-to-end run (vitest.config.ts, globalSetup): the server that hands files their turns.
import type { TestProject } from 'vitest/node';
import { turnServer } from './turns.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const turns = await turnServer();
  project.provide('e2eTurnPort', turns.port);
  return () => turns.close();
}
