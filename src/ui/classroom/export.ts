// The results file a student hands in: what their own page saw, for the teacher to re-grade.
import { RESULTS_FORMAT, type ResultsFile } from '../../classroom/results.ts';
import { type Pack } from '../../classroom/types.ts';
import type { ExerciseProgress } from '../../store/classroom-store.ts';
import { download, safeName } from './download.ts';

function resultsFile(pack: Pack, hash: string, student: string, progress: ExerciseProgress[]): ResultsFile {
  return {
    format: RESULTS_FORMAT,
    student,
    pack: { id: pack.id, version: pack.version, hash },
    exportedAt: new Date().toISOString(),
    exercises: progress.map((p) => ({
      id: p.exerciseId,
      code: p.code,
      runs: p.runs,
      failures: p.failures,
      visible: p.visible,
      hidden: p.hidden,
      aiRequests: p.exchanges.length,
    })),
  };
}

export function exportResults(pack: Pack, hash: string, student: string, progress: ExerciseProgress[]): void {
  const text = JSON.stringify(resultsFile(pack, hash, student, progress), null, 2);
  download(text, `${pack.id}-${safeName(student)}-results.json`, 'application/json');
}
