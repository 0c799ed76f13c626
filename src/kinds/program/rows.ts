// LiveCodeBench `code_generation_lite` rows (JSONL or a JSON array): the fields that decide a
// verdict, with errors that name the file and the row's line.
import { withoutBom } from '../../shared/byte-order-mark.ts';
import { InputError, parseJsonl } from '../../shared/problems.ts';
import { PickleError, unpackCompressed } from './pickle.ts';

interface ProgramTest {
  input: string;
  output: string;
}

export interface ProgramProblem {
  id: string;
  title: string;
  statement: string;
  platform: string;
  starter: string;
  publicTests: ProgramTest[];
  privateTests: ProgramTest[];
  /** LeetCode-style problems: the method called on `Solution()`. */
  funcName?: string;
  line: number;
}

type Row = { line: number; value: Record<string, unknown> };

/** True when the file's first row is a LiveCodeBench row (it has question_id and public_test_cases). */
export function isLiveCodeBench(text: string): boolean {
  const t = withoutBom(text).trimStart();
  const head = t.slice(0, 1 << 16);
  return /"question_id"\s*:/.test(head) && /"public_test_cases"\s*:/.test(head);
}

function rowsOf(text: string, file: string): Row[] {
  const t = withoutBom(text);
  if (!t.trimStart().startsWith('[')) return parseJsonl(t, file);
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch (err) {
    throw new InputError(file, undefined, `not valid JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(value) || value.length === 0) throw new InputError(file, undefined, 'the JSON array has no rows');
  return value.map((v: unknown, i) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new InputError(file, undefined, `item ${i + 1} of the array is not a JSON object`);
    return { line: i + 1, value: v as Record<string, unknown> };
  });
}

function str(row: Row, file: string, name: string, optional = false): string {
  const v = row.value[name];
  if (typeof v === 'string') return v;
  if (optional && (v === undefined || v === null)) return '';
  throw new InputError(file, row.line, `field "${name}" ${v === undefined ? 'is missing' : 'must be a string'}`);
}

function tests(raw: string, row: Row, file: string, name: string): ProgramTest[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new InputError(file, row.line, `field "${name}" is not a JSON list of tests (${(err as Error).message})`);
  }
  if (!Array.isArray(value)) throw new InputError(file, row.line, `field "${name}" is not a JSON list of tests`);
  return value.map((t: unknown, i) => {
    const o = t as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || typeof o.input !== 'string' || typeof o.output !== 'string')
      throw new InputError(file, row.line, `test ${i + 1} of "${name}" needs string "input" and "output"`);
    return { input: o.input, output: o.output };
  });
}

async function privateTests(raw: string, row: Row, file: string): Promise<ProgramTest[]> {
  if (raw.trimStart().startsWith('[')) return tests(raw, row, file, 'private_test_cases');
  let unpacked: string;
  try {
    unpacked = await unpackCompressed(raw);
  } catch (err) {
    const why = err instanceof PickleError ? err.message : String(err);
    throw new InputError(file, row.line, `field "private_test_cases" is neither JSON nor base64(zlib(pickle)): ${why}`);
  }
  return tests(unpacked, row, file, 'private_test_cases');
}

function funcName(row: Row, file: string): string | undefined {
  const raw = row.value.metadata;
  if (raw === undefined || raw === null || raw === '') return undefined;
  let meta: unknown = raw;
  if (typeof raw === 'string') {
    try {
      meta = JSON.parse(raw);
    } catch {
      throw new InputError(file, row.line, 'field "metadata" is not a JSON object');
    }
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    throw new InputError(file, row.line, 'field "metadata" is not a JSON object');
  const name = (meta as Record<string, unknown>).func_name;
  if (name === undefined || name === null) return undefined;
  if (typeof name !== 'string' || !/^[A-Za-z_]\w*$/.test(name))
    throw new InputError(file, row.line, 'metadata "func_name" must be a method name');
  return name;
}

/** The problems of a LiveCodeBench file, keyed by question_id. */
export async function parseLiveCodeBench(text: string, file: string): Promise<Map<string, ProgramProblem>> {
  const out = new Map<string, ProgramProblem>();
  for (const row of rowsOf(text, file)) {
    const id = row.value.question_id;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new InputError(file, row.line, 'field "question_id" is missing (a string or number)');
    const key = String(id);
    if (out.has(key)) throw new InputError(file, row.line, `question_id ${JSON.stringify(id)} appears twice`);
    out.set(key, {
      id: key,
      title: str(row, file, 'question_title', true) || key,
      statement: str(row, file, 'question_content'),
      platform: str(row, file, 'platform', true),
      starter: str(row, file, 'starter_code', true),
      publicTests: tests(str(row, file, 'public_test_cases'), row, file, 'public_test_cases'),
      privateTests: await privateTests(str(row, file, 'private_test_cases', true) || '[]', row, file),
      funcName: funcName(row, file),
      line: row.line,
    });
  }
  return out;
}
