// The project a new "Node.js project" task starts from, run by the Node.js project runner against
// the fake WebContainer: its files are mounted as they are, no install (no dependencies), then
// `npm test`, whose node --test output becomes the verdict.
import { describe, expect, it } from 'vitest';
import { runNodeProject } from '../../../src/sandbox/webcontainer/runner.ts';
import { STARTER_PROJECT } from '../../../src/shared/node-project.ts';
import { FakeContainer } from './fake-container.ts';

const limits = { timeoutSec: 5, outputCap: 65536 };
const tap = (ok: boolean): string =>
  `TAP version 13\n# Subtest: adds\n${ok ? 'ok' : 'not ok'} 1 - adds\n  ---\n  duration_ms: 1\n  ...\n1..1\n`;

describe('the starter Node.js project', () => {
  it('mounts its module and tests and runs npm test without an install; passing tests pass', async () => {
    const fake = new FakeContainer({ 'npm test': { output: [tap(true)], exitCode: 0 } });
    const r = await runNodeProject(fake, { ...STARTER_PROJECT, limits }).result;
    expect(fake.spawned).toEqual(['npm test']);
    expect(Object.keys(fake.mounted[0]!)).toEqual(['package.json', 'sum.js', 'sum.test.js']);
    expect(JSON.parse(STARTER_PROJECT.files['package.json']!)).toMatchObject({ scripts: { test: 'node --test' } });
    expect(r).toMatchObject({ status: 'passed', tests: [{ name: 'adds', passed: true }] });
  });

  it('fails when its test fails, naming the test', async () => {
    const fake = new FakeContainer({ 'npm test': { output: [tap(false)], exitCode: 1 } });
    const r = await runNodeProject(fake, { ...STARTER_PROJECT, limits }).result;
    expect(r.status).toBe('failed');
    expect(r.tests).toEqual([expect.objectContaining({ name: 'adds', passed: false })]);
  });
});
