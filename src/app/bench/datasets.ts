// The datasets the benchmark offers: the ones bundled with the app (emitted as build assets, so
// the service worker keeps them for offline use) and a file the person picks.
import humanEvalUrl from '../../../data/humaneval/HumanEval.jsonl.gz?url';
import mbppUrl from '../../../data/mbpp/mbpp.jsonl.gz?url';
import multiplEJsUrl from '../../../data/multipl-e/humaneval-js.jsonl.gz?url';
import multiplETsUrl from '../../../data/multipl-e/humaneval-ts.jsonl.gz?url';
import { parseProblems, type Problem } from '../../shared/problems.ts';

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
];

/** Text of a file that may be gzipped (checked by its magic bytes, whatever a server said). */
async function readMaybeGzip(bytes: ArrayBuffer): Promise<string> {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

export async function loadBundled(id: string): Promise<Problem[]> {
  const d = BUNDLED.find((b) => b.id === id);
  if (!d) throw new Error(`No bundled dataset "${id}".`);
  const res = await fetch(d.url);
  if (!res.ok) throw new Error(`${d.label} could not be loaded (HTTP ${res.status}).`);
  return parseProblems(await readMaybeGzip(await res.arrayBuffer()), d.label);
}

/** A HumanEval, MBPP or MultiPL-E file (JSONL or a JSON array, gzipped or not). */
export async function loadFile(file: File): Promise<Problem[]> {
  return parseProblems(await readMaybeGzip(await file.arrayBuffer()), file.name);
}
