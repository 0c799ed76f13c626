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
  /** codet: the generated tests, deduplicated, as written. */
  tests?: string[];
  suspect?: SuspectTest[];
  /** One sentence a user can read. */
  why: string;
}
