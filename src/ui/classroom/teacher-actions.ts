// What a teacher does with the pack being written: check it in the page's sandbox (the same
// grading as `pack check`), try an exercise with the model, draft hints, export, share by link.
import { checkSubmissions, judgeCheckRow, type CheckFinding } from '../../classroom/check.ts';
import { gradeInRuntime } from '../../classroom/grade-runtime.ts';
import { hintDraftRequest, parseHintDraft } from '../../classroom/hint-draft.ts';
import { exerciseKindOf } from '../../classroom/kinds/registry.ts';
import { encodePackLink } from '../../classroom/link.ts';
import type { Pack } from '../../classroom/types.ts';
import { PackError, validatePack } from '../../classroom/validate.ts';
import { createModelClient } from '../../models/create-client.ts';
import { errorMessage } from '../../shared/error-message.ts';
import type { Runtime } from '../../shared/runtime.ts';
import { download, safeName } from './download.ts';
import type { Raw } from './exercise-form.ts';
import type { ClassroomModels } from './models.ts';
import { solveExercise, solveSummary } from './solve.ts';

export interface TeacherDeps {
  runtime: Runtime;
  models: ClassroomModels;
  /** The pack as edited so far (raw: it may not be valid yet). */
  draft(): Raw;
  fileName(): string;
}

/** The draft as a pack, or the findings that say why it is not one. */
export function readDraft(d: TeacherDeps): { pack: Pack } | { findings: CheckFinding[] } {
  try {
    return { pack: validatePack(structuredClone(d.draft()), d.fileName()) };
  } catch (err) {
    const problems = err instanceof PackError ? err.problems : [errorMessage(err)];
    return { findings: problems.map((p) => ({ kind: 'problem', text: `${d.fileName()}: ${p}` })) };
  }
}

export async function checkDraft(d: TeacherDeps, onFinding: (f: CheckFinding) => void): Promise<CheckFinding[]> {
  const read = readDraft(d);
  if ('findings' in read) {
    read.findings.forEach(onFinding);
    return read.findings;
  }
  const { subs, missing } = checkSubmissions(read.pack);
  const all = [...missing];
  missing.forEach(onFinding);
  await gradeInRuntime(d.runtime, read.pack, subs, (row) => {
    for (const f of judgeCheckRow(row)) {
      all.push(f);
      onFinding(f);
    }
  });
  return all;
}

/** "exercise "x": the model passed after 2 attempts". */
export async function tryWithModel(d: TeacherDeps, exerciseIndex: number): Promise<string> {
  const read = readDraft(d);
  if ('findings' in read) throw new Error(read.findings.map((f) => f.text).join(' '));
  const ex = read.pack.exercises[exerciseIndex]!;
  if (!exerciseKindOf(ex).code)
    return `exercise "${ex.id}": the model run is for code exercises; a SQL exercise is checked by its solution`;
  const out = await solveExercise(read.pack.id, ex, { models: d.models, runtime: d.runtime });
  return `exercise "${ex.id}": the model ${solveSummary(out)}`;
}

/** Drafted hints appended to the exercise's own; how many were added. */
export async function draftHints(d: TeacherDeps, exerciseIndex: number): Promise<number> {
  const read = readDraft(d);
  if ('findings' in read) throw new Error(read.findings.map((f) => f.text).join(' '));
  const ex = read.pack.exercises[exerciseIndex]!;
  const res = await createModelClient(d.models.endpoint()).chat(hintDraftRequest(ex));
  const hints = parseHintDraft(res.text, ex.hints);
  const raw = (d.draft().exercises as Raw[])[exerciseIndex]!;
  raw.hints = [...ex.hints, ...hints];
  return hints.length;
}

export function exportDraft(d: TeacherDeps): CheckFinding[] {
  const read = readDraft(d);
  if ('findings' in read) return read.findings;
  download(`${JSON.stringify(read.pack, null, 2)}\n`, `${safeName(read.pack.id)}.json`, 'application/json');
  return [];
}

/** The full address to share, or the reason there is none. */
export async function shareLink(d: TeacherDeps, solutions: boolean): Promise<{ url?: string; message: string }> {
  const read = readDraft(d);
  if ('findings' in read) return { message: read.findings.map((f) => f.text).join(' ') };
  const link = await encodePackLink(read.pack, { solutions });
  if (!link.ok) return { message: link.message };
  // A teacher link opens as teacher (the pack, with Edit as teacher); a student link opens the
  // pack for practice only.
  const url = `${location.origin}${location.pathname}${solutions ? '?teacher' : ''}${link.fragment}`;
  const who = solutions ? 'Teacher link (with solutions)' : 'Student link (without solutions)';
  return { url, message: link.warning ? `${who} made. ${link.warning}` : `${who} made.` };
}
