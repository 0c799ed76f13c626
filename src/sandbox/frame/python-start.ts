// Python's start-up in the frame, phase by phase: take the files, boot the first interpreter,
// say it is ready, wait for a quiet moment, keep the snapshot, start the spare. A failure in any
// phase is the page's 'boot-error'.
import type { FrameMessage, HostMessage } from '../../shared/sandbox-protocol.ts';
import type { PythonPool } from './python-pool.ts';
import type { PythonWorkers } from './python-workers.ts';
import type { SnapshotPipeline } from './snapshot-pipeline.ts';

export interface PythonParts {
  isolated: boolean;
  workers: PythonWorkers;
  snapshots: SnapshotPipeline;
  pool: PythonPool;
  toPage: (m: FrameMessage<'frame'>) => void;
  mark: (moment: string) => void;
  /** The frame's start-up moments so far, reported with 'ready' for the bench. */
  times: Record<string, number>;
}

export async function startPython(m: Extract<HostMessage<'frame'>, { type: 'init' }>, p: PythonParts): Promise<void> {
  p.mark('frame got files');
  try {
    const wasmRefused = p.workers.takeFiles(m);
    if (m.builtSnapshot instanceof Blob) p.snapshots.builtCopy(m.builtSnapshot);
    const first = await p.pool.bootFirst(p.snapshots, wasmRefused);
    p.toPage({
      type: 'ready',
      isolated: p.isolated,
      unpacked: p.snapshots.builtWithApp,
      times: { ...p.times, ...first.times },
    });
    // The spare (and, on a first visit, the snapshot maker) boots after the first interpreter and
    // after its first run, or once nothing asks for one: on two cores a booting interpreter would
    // take half the CPU from the run the page is waiting for. The unpacked copy waits as well.
    await p.pool.quietMoment();
    await keepSnapshot(p);
    p.pool.startSpare();
  } catch (err) {
    p.toPage({ type: 'boot-error', message: String(err) });
  }
}

/** Makes a snapshot on a first visit; hands the page the unpacked copy of the one built with the app. */
async function keepSnapshot(p: PythonParts): Promise<void> {
  if (!p.snapshots.restores) await makeSnapshot(p);
  else await p.snapshots.offerUnpacked();
}

/**
 * Boots a throwaway interpreter that only makes a memory snapshot. Pyodide wraps the globals of
 * an interpreter that will be snapshotted, so that one never runs anything; interpreters booted
 * from the snapshot are ordinary and start in about half the time.
 */
async function makeSnapshot(p: PythonParts): Promise<void> {
  const maker = p.workers.spawn(true);
  await maker.ready.catch(() => undefined);
  p.workers.retire(maker);
  // No snapshot after all (it could not be made): the page need not wait for one.
  if (!p.snapshots.made) p.toPage({ type: 'snapshot-rejected' });
}
