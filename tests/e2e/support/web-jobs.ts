// Web page jobs for the end-to-end tests.
import type { RunJob } from '../../../src/shared/run.ts';
import type { WebTests } from '../../../src/shared/web.ts';

export function webJob(html: string, checks: string, extra: Partial<WebTests> = {}, timeoutSec = 3): RunJob {
  return {
    language: 'html',
    code: html,
    tests: { kind: 'web', checks, ...extra },
    limits: { timeoutSec, outputCap: 64 * 1024 },
    mode: 'feedback',
  };
}

/** A counter page: the button adds one to the number shown. */
export const COUNTER =
  '<!doctype html><html><head><style>#n{color:rgb(200,0,0)}</style></head><body>' +
  '<p id="n">0</p><button id="add">Add</button>' +
  "<script>document.getElementById('add').addEventListener('click', () => { const n = document.getElementById('n'); n.textContent = String(Number(n.textContent) + 1); });</script>" +
  '</body></html>';

/** The same page, wrong: the button adds two. */
export const WRONG_COUNTER = COUNTER.replace('+ 1', '+ 2');

export const COUNTER_CHECKS =
  "document.getElementById('add').click();\nassert.strictEqual(document.getElementById('n').textContent, '1');";
