// Model replies for the end-to-end tests: the running-median example's buggy first attempt and
// its repair, in the words a real model might use (the demo model's script).
import { DEMO_SCRIPTS } from '../../../src/models/demo-script.ts';

const script = DEMO_SCRIPTS.find((s) => s.taskId === 'example-running-median');
if (!script) throw new Error('the running-median demo script is missing');

export const EXAMPLE = 'example-running-median';
/** Averages with // and fails two of the four tests. */
export const BUGGY = script.first;
/** Passes all four tests. */
export const FIXED = script.repaired;
