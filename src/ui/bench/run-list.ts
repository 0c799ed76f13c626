// How a run is named in the list of runs: its title and where it stands.
import type { BenchRun } from '../../shared/bench-records.ts';

const STATUS: Record<BenchRun['status'], string> = {
  running: 'interrupted: resume to go on',
  paused: 'paused',
  stopped: 'stopped',
  done: 'done',
  imported: 'imported',
};

/** A run the list says is 'running' but no page drives is one a reload or a closed tab cut short. */
export const runListLabel = (r: BenchRun, live = false): string =>
  `${r.title} — ${live && r.status === 'running' ? 'running' : STATUS[r.status]}`;
