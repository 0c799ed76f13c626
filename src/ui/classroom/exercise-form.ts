// The form for one exercise of a pack being written. It edits the raw exercise object in place;
// lists (tests, hidden tests, hints) are JSON, checked when the pack is checked or exported.
// A list that is not JSON yet is kept as the text typed, and the box says where it goes wrong.
import { exerciseKindOf } from '../../classroom/kinds/registry.ts';
import { ASSISTANT_MODES, PACK_LANGUAGES } from '../../classroom/types.ts';
import { append, h, setText } from '../common/dom.ts';
import { jsonProblem } from './json-problem.ts';

export type Raw = Record<string, unknown>;

type Kind = 'text' | 'area' | 'code' | 'json' | 'number';

interface Field {
  key: string;
  label: string;
  kind: Kind;
  /** For values nested one level down (limits.timeoutSec). */
  parent?: string;
}

const FIELDS: Field[] = [
  { key: 'id', label: 'Id (unique in the pack)', kind: 'text' },
  { key: 'title', label: 'Title', kind: 'text' },
  { key: 'entryPoint', label: 'Entry point (the function the tests call)', kind: 'text' },
  { key: 'statement', label: 'Statement (Markdown)', kind: 'area' },
  { key: 'starter', label: 'Starter code', kind: 'code' },
  { key: 'solution', label: 'Solution', kind: 'code' },
  { key: 'tests', label: 'Tests (JSON list of {name, code, points})', kind: 'json' },
  { key: 'hiddenTests', label: 'Hidden tests (JSON list of {name, code, points})', kind: 'json' },
  { key: 'hints', label: 'Hints (JSON list of {afterFailures, text})', kind: 'json' },
  { key: 'timeoutSec', label: 'Time limit per test (seconds)', kind: 'number', parent: 'limits' },
  { key: 'maxRequests', label: 'Assistant requests per student', kind: 'number', parent: 'assistant' },
];

const objectAt = (ex: Raw, key: string): Raw => {
  const v = ex[key];
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Raw;
  return (ex[key] = {});
};

function select(id: string, label: string, options: readonly string[], value: unknown, set: (v: string) => void) {
  const el = h('select', { id, on: { change: () => set(el.value) } }, ...options.map((o) => h('option', null, o)));
  el.value = typeof value === 'string' ? value : options[0]!;
  return h('p', null, h('label', { for: id }, label), el);
}

function jsonNote(el: HTMLTextAreaElement, note: HTMLElement): void {
  const problem = jsonProblem(el.value);
  setText(note, problem ? `Not valid JSON yet, ${problem}. What you typed is kept.` : '');
  if (problem) el.setAttribute('aria-invalid', 'true');
  else el.removeAttribute('aria-invalid');
}

function control(ex: Raw, f: Field, onEdit: () => void): HTMLElement {
  const id = `ex-${f.key}`;
  const holder = f.parent ? objectAt(ex, f.parent) : ex;
  const value = holder[f.key];
  const note = f.kind === 'json' ? h('span', { id: `${id}-problem`, class: 'teacher-json-problem' }) : null;
  let el: HTMLInputElement | HTMLTextAreaElement;
  if (f.kind === 'text' || f.kind === 'number') {
    el = h('input', { id, type: f.kind === 'number' ? 'number' : 'text', min: f.kind === 'number' ? '0' : undefined });
    el.value = value === undefined ? '' : String(value);
  } else {
    const rows = f.kind === 'json' ? 6 : f.kind === 'area' ? 4 : 6;
    const describedby = note ? note.id : undefined;
    el = h('textarea', {
      id,
      rows,
      spellcheck: f.kind === 'area' ? 'true' : 'false',
      class: `teacher-${f.kind}`,
      'aria-describedby': describedby,
    });
    // A list held as text is what was typed before it was valid JSON: shown as it was.
    if (f.kind === 'json') el.value = typeof value === 'string' ? value : JSON.stringify(value ?? [], null, 2);
    else el.value = typeof value === 'string' ? value : '';
  }
  if (note && el instanceof HTMLTextAreaElement) jsonNote(el, note);
  el.addEventListener('input', () => {
    const text = el.value;
    if (f.kind === 'number') holder[f.key] = text.trim() === '' ? undefined : Number(text);
    else if (f.kind === 'json') {
      try {
        const parsed = JSON.parse(text) as unknown;
        // A JSON string is kept as typed, quotes and all, so it reads back as it was written.
        holder[f.key] = typeof parsed === 'string' ? text : parsed;
      } catch {
        // Kept as text: the check names the field until it is valid JSON again.
        holder[f.key] = text;
      }
      if (note && el instanceof HTMLTextAreaElement) jsonNote(el, note);
    } else if (f.key === 'solution' && text === '') delete holder[f.key];
    else holder[f.key] = text;
    onEdit();
  });
  return h('p', { class: 'teacher-field' }, h('label', { for: id }, f.label), el, note);
}

/** A test's fields, by the exercise's kind: a program's are an input and an output, a SQL exercise's a database. */
const TEST_SHAPES: Record<string, string> = {
  program: '{name, input, output, points}',
  sql: '{name, database, points}',
};

export function mountExerciseForm(root: HTMLElement, ex: Raw, onEdit: () => void): void {
  const shape = TEST_SHAPES[String(ex.kind)];
  const fields = FIELDS.map((f) =>
    shape && (f.key === 'tests' || f.key === 'hiddenTests')
      ? control(ex, { ...f, label: f.label.replace('{name, code, points}', shape) }, onEdit)
      : control(ex, f, onEdit),
  );
  const assistant = objectAt(ex, 'assistant');
  // A kind whose exercises hold one language (a SQL exercise's query is SQL) offers only that.
  const own = exerciseKindOf(ex).language;
  const languages = own ? [own] : PACK_LANGUAGES;
  append(
    root,
    ...fields.slice(0, 3),
    select('ex-language', 'Language', languages, ex.language, (v) => ((ex.language = v), onEdit())),
    ...fields.slice(3, 10),
    select('ex-mode', 'Assistant mode', ASSISTANT_MODES, assistant.mode ?? 'off', (v) => {
      assistant.mode = v;
      onEdit();
    }),
    fields[10],
  );
}
