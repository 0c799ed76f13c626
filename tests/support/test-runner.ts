// Runs every test a JavaScript TestRunner holds and collects their outcomes, in order.
import type { TestOutcome, TestRunner } from '../../src/sandbox/frame/javascript/test-runner.ts';

export function runAll(runner: TestRunner): Promise<TestOutcome[]> {
  const outcomes: TestOutcome[] = [];
  return new Promise((resolve) =>
    runner.run(
      (o) => outcomes.push(o),
      () => resolve(outcomes),
    ),
  );
}
