// What a selection round (best-of-n, codet) keeps about its samples, so the page can show the
// samples, their groups and why one was chosen, and history keeps it.

export interface SampleRecord {
  /** The code as extracted; undefined when the reply had none. */
  code?: string;
  /** Visible tests passed and run. */
  passed: number;
  total: number;
  /** Passed every visible test. */
  ok: boolean;
  /** Index into Selection.groups; undefined when the sample was not grouped. */
  group?: number;
  /** codet: indexes into Selection.tests of the generated tests this sample passes. */
  passes?: number[];
}

/** The first words of the request asking a model for inputs to a contest program (see the demo model). */
export const PROPOSE_INPUTS_LEAD = 'Do not write a solution now.';

/** Where a contest program's selection inputs came from, and the proposed ones dropped and why. */
export interface ProgramInputCounts {
  /** The public tests' inputs. */
  public: number;
  /** Boundary inputs and token-by-token mutants of the public ones. */
  derived: number;
  /** Proposed by the model and kept. */
  proposed: number;
  /** Proposed inputs dropped, by reason ("not in the input format", "that most samples crash on, so likely invalid", ...). */
  dropped: { reason: string; count: number }[];
  /** Why the model proposed none, when it did not: said once, in the round that asked. */
  note?: string;
}

/** A generated test that every sample of the chosen group fails while passing the visible tests. */
export interface SuspectTest {
  source: string;
  /** What the chosen group's samples computed for the test's call (or the error they raised). */
  outputs: string[];
}

export interface Selection {
  /** Candidates drawn in this round. */
  samples: SampleRecord[];
  /** Size of each behaviour group (best-of-n) or agreement group (codet), largest first. */
  groups: number[];
  /** Size of the group the candidate was taken from; 0 when none passed and the best one is repaired. */
  chosenSize: number;
  /** Index into samples of the chosen candidate. */
  chosen: number;
  /** Extra inputs every grouped sample was run on (best-of-n). */
  inputs?: number;
  /** SQL: the variants of the task's database the grouped queries also ran on, as the page names them. */
  databases?: string[];
  /** Contest programs: where the extra inputs came from. */
  programInputs?: ProgramInputCounts;
  /** codet: the generated tests, deduplicated, as written. */
  tests?: string[];
  suspect?: SuspectTest[];
  /** One sentence a user can read. */
  why: string;
}
