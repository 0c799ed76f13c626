// The datasets the benchmark offers: the ones bundled with the app (emitted as build assets, so
// the service worker keeps them for offline use) and a file the person picks.
import humanEvalUrl from '../../../data/humaneval/HumanEval.jsonl.gz?url';
import mbppUrl from '../../../data/mbpp/mbpp.jsonl.gz?url';
import multiplEJsUrl from '../../../data/multipl-e/humaneval-js.jsonl.gz?url';
import multiplETsUrl from '../../../data/multipl-e/humaneval-ts.jsonl.gz?url';
import stdinUrl from '../../../data/livecodebench/stdin-20.jsonl?url';
import birdMiniUrl from '../../../data/bird-mini/dev.json?url';
import { isFileOf, readProblems } from '../../kinds/rows.ts';
import { PACK_FORMAT, type Pack } from '../../classroom/types.ts';
import { parsePack } from '../../classroom/validate.ts';
import type { Problem } from '../../shared/problems.ts';
import { PAGE_FILE_LIMIT, readCappedText } from '../../shared/read-capped.ts';
import { bundledBirdProblems, loadedBirdProblems } from './sql-dataset.ts';

export interface BundledDataset {
  id: string;
  label: string;
  url: string;
}

export const BUNDLED: readonly BundledDataset[] = [
  { id: 'humaneval', label: 'HumanEval (Python, 164 tasks)', url: humanEvalUrl },
  { id: 'mbpp', label: 'MBPP (Python)', url: mbppUrl },
  { id: 'multipl-e-js', label: 'MultiPL-E HumanEval, JavaScript', url: multiplEJsUrl },
  { id: 'multipl-e-ts', label: 'MultiPL-E HumanEval, TypeScript', url: multiplETsUrl },
  { id: 'stdin-20', label: 'Contest programs, stdin (20, LiveCodeBench rows)', url: stdinUrl },
  { id: 'bird-mini', label: 'SQL questions, SQLite (24, BIRD format)', url: birdMiniUrl },
];

/** A HumanEval, MBPP or MultiPL-E file, or LiveCodeBench rows (contest programs, public tests shown). */
async function problemsOf(text: string, file: string): Promise<Problem[]> {
  return (await readProblems(text, file)).problems;
}

export async function loadBundled(id: string): Promise<Problem[]> {
  const d = BUNDLED.find((b) => b.id === id);
  if (!d) throw new Error(`No bundled dataset "${id}".`);
  const res = await fetch(d.url);
  if (!res.ok) throw new Error(`${d.label} could not be loaded (HTTP ${res.status}).`);
  const text = await readCappedText(res.body, d.label, PAGE_FILE_LIMIT);
  return isFileOf('sql', text) ? bundledBirdProblems(text, d.label, d.id) : problemsOf(text, d.label);
}

/**
 * A classroom pack's Python exercises as MBPP-style problems: the statement is the task, and its
 * asserts are the visible tests, then the hidden ones. All of them grade it unless the run takes
 * the pack's own split (`packVisible` says where the visible ones end).
 */
function packProblems(pack: Pack, file: string): Problem[] {
  const python = pack.exercises.filter((e) => e.language === 'python');
  if (python.length === 0)
    throw new Error(`${file}: the benchmark runs a pack's Python exercises, and this pack has none.`);
  return python.map((e, i) => ({
    taskId: `${pack.id}/${e.id}`,
    rawId: `${pack.id}/${e.id}`,
    kind: 'mbpp',
    prompt: `${e.title}\n\n${e.statement}\n\nWrite \`${e.entryPoint}\`.`,
    entryPoint: e.entryPoint,
    asserts: [...e.tests, ...e.hiddenTests].map((t) => t.code),
    packVisible: e.tests.length,
    setup: '',
    canonical: e.solution,
    line: i + 1,
  }));
}

/** A file the person picked, gzipped or not, up to the page's limit. */
export const readFile = (file: File): Promise<string> => readCappedText(file.stream(), file.name, PAGE_FILE_LIMIT);

const looksLikePack = (text: string): boolean => text.includes(`"${PACK_FORMAT}"`) && text.trimStart().startsWith('{');

/** Whether the file reads as a classroom pack (malformed ones included: loading it says what is wrong). */
export async function isPackFile(file: File): Promise<boolean> {
  return looksLikePack(await readFile(file));
}

/** The questions file among picked files (the database files go with a BIRD dev.json). */
const questionsFile = (files: readonly File[]): File | undefined =>
  files.find((f) => /\.(jsonl?|gz)$/i.test(f.name)) ?? (files.length === 1 ? files[0] : undefined);

/**
 * A HumanEval, MBPP, MultiPL-E or LiveCodeBench file (JSONL or a JSON array, gzipped or not), a
 * classroom pack, or BIRD's dev.json with its database files.
 */
export async function loadFile(picked: File | readonly File[]): Promise<Problem[]> {
  const files = picked instanceof File ? [picked] : picked;
  const file = questionsFile(files);
  if (!file) throw new Error('Pick the questions file (a .json or .jsonl) among the files.');
  const text = await readFile(file);
  if (looksLikePack(text)) return packProblems(parsePack(text, file.name), file.name);
  if (isFileOf('sql', text))
    return loadedBirdProblems(
      text,
      file.name,
      files.filter((f) => f !== file),
    );
  return problemsOf(text, file.name);
}
