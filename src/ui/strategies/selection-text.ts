// What the samples view says about a selection round (best-of-n, codet), as plain data, so the
// wording is tested without a DOM. Samples and groups are numbered from 1, as people count.
import type { Selection } from '../../shared/selection.ts';

export interface SampleLine {
  number: number;
  /** "3/4", or "no code" when the reply had none. */
  tests: string;
  /** Words, never colour alone: "passed the visible tests", "failed 1 visible test", "no code"… */
  outcome: string;
  /** "group 1", or "not grouped" for a sample that failed the visible tests. */
  group: string;
  chosen: boolean;
  code?: string;
}

export interface GroupLine {
  number: number;
  size: number;
  /** Sample numbers in the group. */
  members: number[];
  chosen: boolean;
  /** "Group 1: 3 samples (2, 3, 5), chosen". */
  text: string;
}

export interface TestLine {
  number: number;
  source: string;
  /** Sample numbers that pass the test. */
  passedBy: number[];
  /** "samples 2, 3", "no sample". */
  passedByText: string;
  /** Set when the test is flagged: what the chosen group computed instead. */
  suspect?: string[];
}

const numbers = (ns: number[]): string => ns.join(', ');
const samplesWord = (n: number): string => (n === 1 ? '1 sample' : `${n} samples`);

export function sampleLines(sel: Selection): SampleLine[] {
  return sel.samples.map((s, i) => {
    const failed = s.total - s.passed;
    const outcome =
      s.code === undefined
        ? 'no code'
        : s.ok
          ? 'passed the visible tests'
          : s.total === 0
            ? // It did not get as far as a test: a type or syntax error, or a crash as it loaded.
              'failed before any visible test ran'
            : `failed ${failed === 1 ? '1 visible test' : `${failed} visible tests`}`;
    // SQL: the one visible check is the expected query's rows on the task's database.
    const sql = sel.databases !== undefined;
    return {
      number: i + 1,
      tests: s.code === undefined ? '—' : sql ? (s.ok ? 'match' : 'differ') : `${s.passed}/${s.total}`,
      outcome:
        sql && s.code !== undefined
          ? s.ok
            ? 'matched the expected rows'
            : 'did not match the expected rows'
          : outcome,
      group: s.group === undefined ? 'not grouped' : `group ${s.group + 1}`,
      chosen: i === sel.chosen,
      code: s.code,
    };
  });
}

export function groupLines(sel: Selection): GroupLine[] {
  const chosenGroup = sel.samples[sel.chosen]?.group;
  return sel.groups.map((size, g) => {
    const members = sel.samples.flatMap((s, i) => (s.group === g ? [i + 1] : []));
    const chosen = g === chosenGroup && sel.chosenSize > 0;
    const who = members.length > 0 ? ` (${members.length === 1 ? 'sample' : 'samples'} ${numbers(members)})` : '';
    return {
      number: g + 1,
      size,
      members,
      chosen,
      text: `Group ${g + 1}: ${samplesWord(size)}${who}${chosen ? ', chosen' : ''}`,
    };
  });
}

/** The samples table's heading for the visible check. */
export const visibleHeading = (sel: Selection): string =>
  sel.databases !== undefined ? "Rows on the task's database" : 'Visible tests';

/** "Every grouped sample also ran on 24 extra inputs."; undefined when the round used none. */
export function inputsLine(sel: Selection): string | undefined {
  if (sel.databases !== undefined) return databasesLine(sel.databases);
  if (sel.inputs === undefined) return undefined;
  const p = sel.programInputs;
  if (p !== undefined) {
    const parts = [
      `${p.public} public`,
      `${p.derived} derived from them (boundaries and token-by-token mutants)`,
      `${p.proposed} proposed by the model`,
    ];
    return `Every sample that passed the visible tests also ran on ${sel.inputs === 1 ? '1 input' : `${sel.inputs} inputs`}: ${parts.join(', ')}.`;
  }
  if (sel.inputs === 0) return 'No extra inputs could be derived: the samples were grouped by the visible tests alone.';
  return `Every sample that passed the visible tests also ran on ${sel.inputs === 1 ? '1 extra input' : `${sel.inputs} extra inputs`}, derived from the visible tests' arguments.`;
}

/** SQL: the variants of the task's database the matching queries also ran on. */
function databasesLine(names: readonly string[]): string {
  if (names.length === 0)
    return "No variant of the database was used: the queries were grouped by their rows on the task's database alone.";
  return `Every query that matched the expected rows also ran on ${names.length === 1 ? '1 variant' : `${names.length} variants`} of the task's database: ${names.join('; ')}.`;
}

/** "Dropped 2 proposed inputs (1 too large; 1 not in the input format)."; undefined when none was. */
export function droppedLine(sel: Selection): string | undefined {
  const dropped = sel.programInputs?.dropped ?? [];
  const total = dropped.reduce((n, d) => n + d.count, 0);
  if (total === 0) return undefined;
  const why = dropped.map((d) => `${d.count} ${d.reason}`).join('; ');
  return `Dropped ${total === 1 ? '1 proposed input' : `${total} proposed inputs`} (${why}).`;
}

/** codet: each generated test with the samples that pass it, and the suspect flag. */
export function testLines(sel: Selection): TestLine[] {
  const suspect = new Map((sel.suspect ?? []).map((s) => [s.source, s.outputs]));
  return (sel.tests ?? []).map((source, t) => {
    const passedBy = sel.samples.flatMap((s, i) => (s.passes?.includes(t) ? [i + 1] : []));
    const passedByText =
      passedBy.length === 0 ? 'no sample' : `${passedBy.length === 1 ? 'sample' : 'samples'} ${numbers(passedBy)}`;
    return { number: t + 1, source, passedBy, passedByText, suspect: suspect.get(source) };
  });
}

/** "Suspect: the agreeing samples computed 0 and 9." */
export function suspectText(outputs: readonly string[]): string {
  const shown = [...new Set(outputs.map((o) => o || '(nothing)'))];
  return `Suspect: the chosen group computed ${shown.length === 0 ? 'something else' : shown.join(' and ')}, so this test may be wrong.`;
}

/** The view's heading: "4 samples, 2 groups". */
export function selectionHeading(sel: Selection): string {
  const groups = sel.groups.length;
  return `${samplesWord(sel.samples.length)}, ${groups === 0 ? 'no group passed' : groups === 1 ? '1 group' : `${groups} groups`}`;
}
