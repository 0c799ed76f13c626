// The Node.js project runner against a fake WebContainer: files mounted as a tree, npm install only
// when there are dependencies, output streamed, the time limit kills the command, and the exit
// code and reporter output become the verdict.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runNodeProject, splitCommand, toTree } from '../../../src/sandbox/webcontainer/runner.ts';
import type { NodeProject } from '../../../src/shared/node-project.ts';
import { FakeContainer } from './fake-container.ts';

const tap = readFileSync('tests/fixtures/reporters/node-tap.txt', 'utf8');
const PASSING_TAP = 'TAP version 13\n# Subtest: adds\nok 1 - adds\n  ---\n  duration_ms: 1\n  ...\n1..1\n';

function project(extra: Partial<NodeProject> = {}, pkg: object = { scripts: { test: 'node --test' } }): NodeProject {
  return {
    files: {
      'package.json': JSON.stringify(pkg),
      'src/add.js': 'exports.add = (a, b) => a + b;\n',
      'test/add.test.js': '',
    },
    limits: { timeoutSec: 0.3, outputCap: 65536 },
    ...extra,
  };
}

describe('Node.js project runner', () => {
  it('mounts the files as folders and runs npm test; a clean exit with passing tests passes', async () => {
    const fake = new FakeContainer({ 'npm test': { output: [PASSING_TAP], exitCode: 0 } });
    const streamed: string[] = [];
    const r = await runNodeProject(fake, project(), (_s, text) => streamed.push(text)).result;
    expect(r).toMatchObject({ status: 'passed', result: 'passed', tests: [{ name: 'adds', passed: true }] });
    expect(fake.spawned).toEqual(['npm test']);
    expect(fake.mounted[0]).toMatchObject({ src: { directory: { 'add.js': { file: {} } } } });
    expect(streamed.join('')).toBe(PASSING_TAP);
  });

  it('installs dependencies first when package.json has some', async () => {
    const fake = new FakeContainer({
      'npm install': { output: ['added 1 package\r\n'], exitCode: 0 },
      'npm test': { output: [PASSING_TAP], exitCode: 0 },
    });
    await runNodeProject(fake, project({}, { devDependencies: { vitest: '^4' } })).result;
    expect(fake.spawned).toEqual(['npm install --no-audit --no-fund', 'npm test']);
  });

  it('reports a failed install and does not run the tests', async () => {
    const fake = new FakeContainer({ 'npm install': { output: ['npm ERR! 404 Not Found\r\n'], exitCode: 1 } });
    const r = await runNodeProject(fake, project({}, { dependencies: { 'no-such-package-x': '1' } })).result;
    expect(r).toMatchObject({ status: 'error', result: 'failed: npm install exited with code 1' });
    expect(r.stdout).toContain('404 Not Found');
    expect(fake.spawned).toHaveLength(1);
  });

  it('turns failing tests into per-test results with expected and actual', async () => {
    const fake = new FakeContainer({ 'npm test': { output: [tap], exitCode: 1 } });
    const r = await runNodeProject(fake, project()).result;
    expect(r.status).toBe('failed');
    expect(r.result).toBe('failed: multiplies: Expected values to be strictly equal:');
    expect(r.tests.filter((t) => !t.passed).map((t) => [t.name, t.expected, t.actual])).toEqual([
      ['multiplies', '5', '6'],
      ['strings', "a: 'y'", "a: 'x'"],
    ]);
  });

  it('a non-zero exit without failed tests is an error, never a pass', async () => {
    const fake = new FakeContainer({ 'npm test': { output: [PASSING_TAP, 'Error: boom\r\n'], exitCode: 1 } });
    const r = await runNodeProject(fake, project()).result;
    expect(r).toMatchObject({ status: 'error', result: 'failed: `npm test` exited with code 1' });
  });

  it('kills the command at the time limit', async () => {
    const fake = new FakeContainer({ 'npm test': { output: ['running…\r\n'] } });
    const r = await runNodeProject(fake, project()).result;
    expect(r).toMatchObject({ status: 'timed out', result: 'timed out' });
    expect(fake.killed).toEqual(['npm test']);
  });

  it('runs the command the task gives, and stops when cancelled', async () => {
    const fake = new FakeContainer({ 'node --test': { output: [] } });
    const handle = runNodeProject(
      fake,
      project({ command: 'node --test --test-reporter=tap', limits: { timeoutSec: 60, outputCap: 1000 } }),
    );
    await new Promise((r) => setTimeout(r, 20));
    handle.cancel();
    expect((await handle.result).status).toBe('cancelled');
    expect(fake.killed).toEqual(['node --test --test-reporter=tap']);
  });

  it('caps the output it keeps', async () => {
    const fake = new FakeContainer({ 'npm test': { output: ['x'.repeat(5000)], exitCode: 0 } });
    const r = await runNodeProject(fake, project({ limits: { timeoutSec: 5, outputCap: 1000 } })).result;
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBeLessThan(1500);
  });
});

describe('helpers', () => {
  it('splits a command line, keeping quoted words together', () => {
    expect(splitCommand('npm test')).toEqual(['npm', ['test']]);
    expect(splitCommand(`npx vitest run -t "adds two"`)).toEqual(['npx', ['vitest', 'run', '-t', 'adds two']]);
  });
  it('refuses a path that runs through a file', () => {
    expect(() => toTree({ a: '1', 'a/b': '2' })).toThrow(/a is a file/);
  });
});
