// The task's generated tests as the panel holds them: proposals waiting for the user, and the
// accepted tests that run with the task (marked as generated). Nothing here counts as a test of
// the task until it is accepted; a suspect flag from a run stays with the test it was about.
import { sameTestText } from '../../shared/generated-tests.ts';
import type { SuspectTest } from '../../shared/selection.ts';

export interface GeneratedItem {
  id: number;
  source: string;
  accepted: boolean;
  /** Text being edited, not yet saved; undefined when the item is not being edited. */
  editing?: string;
}

export interface GeneratedState {
  items: GeneratedItem[];
  /** Generated tests a run's selection flagged, with what the agreeing samples computed. */
  suspect: SuspectTest[];
  nextId: number;
}

export function generatedState(accepted: readonly string[], proposals: readonly string[] = []): GeneratedState {
  const s: GeneratedState = { items: [], suspect: [], nextId: 1 };
  for (const t of accepted) add(s, t, true);
  for (const t of proposals) add(s, t, false);
  return s;
}

function add(s: GeneratedState, source: string, accepted: boolean): void {
  s.items.push({ id: s.nextId++, source, accepted });
}

export const acceptedTests = (s: GeneratedState): string[] => s.items.filter((i) => i.accepted).map((i) => i.source);

export const proposedTests = (s: GeneratedState): string[] => s.items.filter((i) => !i.accepted).map((i) => i.source);

/** Appends new proposals after everything the list holds. */
export function addProposals(s: GeneratedState, tests: readonly string[]): void {
  for (const t of tests) add(s, t, false);
}

const find = (s: GeneratedState, id: number): GeneratedItem | undefined => s.items.find((i) => i.id === id);

export function accept(s: GeneratedState, id: number): void {
  const item = find(s, id);
  if (item) item.accepted = true;
}

export function drop(s: GeneratedState, id: number): void {
  s.items = s.items.filter((i) => i.id !== id);
}

export function startEdit(s: GeneratedState, id: number): void {
  const item = find(s, id);
  if (item) item.editing = item.source;
}

export function cancelEdit(s: GeneratedState, id: number): void {
  const item = find(s, id);
  if (item) delete item.editing;
}

/** Saves the edited text; false (and nothing changes) when it is empty. */
export function saveEdit(s: GeneratedState, id: number): boolean {
  const item = find(s, id);
  if (!item || item.editing === undefined) return false;
  if (item.editing.trim() === '') return false;
  item.source = item.editing.trim();
  delete item.editing;
  return true;
}

/** The suspect flag of an accepted test; an edited test is no longer the one that was flagged. */
export function suspectOf(s: GeneratedState, item: GeneratedItem): SuspectTest | undefined {
  if (!item.accepted) return undefined;
  const text = sameTestText(item.source);
  return s.suspect.find((x) => sameTestText(x.source) === text);
}

/** Keeps the flags that are about tests the list has. */
export function setSuspect(s: GeneratedState, suspect: readonly SuspectTest[]): void {
  const have = new Set(s.items.map((i) => sameTestText(i.source)));
  s.suspect = suspect.filter((x) => have.has(sameTestText(x.source)));
}
