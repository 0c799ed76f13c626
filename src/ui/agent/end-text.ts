// How an agent run ended, in words: under the final answer (whence it came), or in place of one
// (why there is none), and on the status line.
import type { EndReason } from '../../shared/session.ts';

export interface EndText {
  /** Under the final answer, or the closing note of a run without one. */
  how: string;
  status: string;
  tone: 'passed' | 'failed' | 'idle';
}

export function endText(reason: EndReason, message?: string): EndText {
  const why = message ? ` ${message}` : '';
  switch (reason) {
    case 'final-answer':
      return {
        how: 'Given by the code, with final_answer.',
        status: 'Finished: the code gave a final answer.',
        tone: 'passed',
      };
    case 'answered':
      return {
        how: "The model's reply had no code: its text is the answer.",
        status: 'Finished: the model answered.',
        tone: 'passed',
      };
    case 'iteration-cap':
      return {
        how: 'No answer: the run used all its actions.',
        status: 'Ended at the action cap, without an answer.',
        tone: 'failed',
      };
    case 'token-budget':
    case 'time-budget':
      return {
        how: `No answer: the ${reason === 'token-budget' ? 'token' : 'time'} budget was spent.`,
        status: 'Ended at the budget, without an answer.',
        tone: 'failed',
      };
    case 'stuck':
      return {
        how: 'No answer: the model repeated its previous action.',
        status: 'Ended: the model repeated itself.',
        tone: 'failed',
      };
    case 'stopped':
      return { how: 'Stopped by you.', status: 'Stopped.', tone: 'idle' };
    case 'interrupted':
      return { how: `Interrupted.${why}`, status: 'Interrupted.', tone: 'idle' };
    case 'endpoint-failed':
      return {
        how: `The model could not be asked.${why}`,
        status: 'Ended: the model endpoint failed.',
        tone: 'failed',
      };
    case 'sandbox-failed':
      return { how: `The interpreter failed.${why}`, status: 'Ended: the interpreter failed.', tone: 'failed' };
    case 'passed':
    case 'flagged-pass':
      return { how: `Ended (${reason}).${why}`, status: 'Ended.', tone: 'idle' };
  }
}
