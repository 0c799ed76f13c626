// What the loop does with test-gaming flags: a flagged pass is not solved. Its feedback says
// what was flagged and asks for a real solution; a run that reaches its cap with a flagged pass
// ends with 'flagged-pass' rather than 'iteration-cap'.
import { describeFlags, type GamingFlag } from '../../shared/gaming.ts';
import type { RunResult } from '../../shared/run.ts';
import type { Attempt } from '../../shared/session.ts';
import { toCodeLine } from '../assemble.ts';
import type { StopVerdict } from '../stop.ts';

/** The flags of a run that passed its tests; [] for a run that failed or was not flagged. */
export function passFlags(r: RunResult | undefined): GamingFlag[] {
  return r?.status === 'passed' && r.flags ? r.flags : [];
}

/** The flags told in the model's own line numbers (a HumanEval prompt's lines are not its). */
export function flagsInCodeLines(flags: readonly GamingFlag[], lineOffset: number, code: string): GamingFlag[] {
  return flags.map((f) => {
    const { line, ...rest } = f;
    const own = toCodeLine(line, lineOffset, code);
    return own === undefined ? rest : { ...rest, line: own };
  });
}

export function flaggedFeedback(flags: readonly GamingFlag[], lineOffset: number, code: string): string {
  const lines = describeFlags(flagsInCodeLines(flags, lineOffset, code)).map((l) => `- ${l}`);
  return [
    'But the code was flagged: it passes the tests without solving the task.',
    ...lines,
    '',
    "Write a real solution that computes the answer for any valid input: do not special-case the tests' values, read the tests or their frames, leave the program early, or return objects that compare equal to anything.",
  ].join('\n');
}

/** The cap was reached and the run's best was a pass that was flagged. */
export function flaggedCapVerdict(attempts: readonly Attempt[], cap: StopVerdict): StopVerdict {
  const flagged = [...attempts].reverse().find((a) => passFlags(a.result).length > 0);
  if (cap.reason !== 'iteration-cap' || !flagged || attempts.some((a) => a.passed === true)) return cap;
  const kinds = [...new Set(passFlags(flagged.result).map((f) => f.kind))].join(', ');
  return {
    reason: 'flagged-pass',
    message: `${cap.message} Attempt ${flagged.index + 1} passes the tests but was flagged (${kinds}), so the task is not counted as solved.`,
  };
}
