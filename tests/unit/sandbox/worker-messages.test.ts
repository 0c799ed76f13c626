// The frame reads what a Python worker says as untrusted data: the worker runs the model's code.
import { describe, expect, it } from 'vitest';
import { readWorkerMessage } from '../../../src/sandbox/frame/worker-messages.ts';

describe('messages from a Python worker', () => {
  it('reads each message of the protocol', () => {
    const bytes = new Blob(['snapshot']);
    expect(readWorkerMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(readWorkerMessage({ type: 'boot-error', message: 'no wasm' })).toEqual({
      type: 'boot-error',
      message: 'no wasm',
    });
    expect(readWorkerMessage({ type: 'snapshot', bytes })).toEqual({ type: 'snapshot', bytes });
    expect(readWorkerMessage({ type: 'started', id: 3 })).toEqual({ type: 'started', id: 3 });
    expect(readWorkerMessage({ type: 'output', id: 3, stream: 'stderr', text: 'oops\n' })).toEqual({
      type: 'output',
      id: 3,
      stream: 'stderr',
      text: 'oops\n',
    });
    expect(readWorkerMessage({ type: 'progress', id: 3, test: 'test_one' })).toEqual({
      type: 'progress',
      id: 3,
      test: 'test_one',
    });
    expect(
      readWorkerMessage({ type: 'result', id: 3, json: '{"status":"passed"}', heapBytes: 10, fresh: true }),
    ).toEqual({
      type: 'result',
      id: 3,
      json: '{"status":"passed"}',
      heapBytes: 10,
      fresh: true,
    });
    expect(readWorkerMessage({ type: 'fatal', id: 3, message: 'out of memory' })).toEqual({
      type: 'fatal',
      id: 3,
      message: 'out of memory',
    });
  });

  it('ignores what is not a message of the protocol', () => {
    for (const data of [
      null,
      undefined,
      'passed',
      42,
      {},
      { type: 'passed', id: 3 },
      { type: 'crashed', id: 3, message: 'x' },
      { type: 'started' },
      { type: 'started', id: '3' },
      { type: 'output', id: 3, stream: 'stdout' },
      { type: 'output', id: 3, stream: 'stdout', text: ['a'] },
      { type: 'progress', id: 3, test: 7 },
      { type: 'snapshot', bytes: 'not a blob' },
      { type: 'result', result: { status: 'passed' } },
      { type: 'result', id: 3, result: { status: 'passed' } },
      { type: 'verdict', id: 3, json: { status: 'passed' } },
    ]) {
      expect(readWorkerMessage(data), JSON.stringify(data)).toBeUndefined();
    }
  });

  it("keeps only numbers among a worker's start-up moments", () => {
    expect(
      readWorkerMessage({ type: 'ready', times: { 'worker started': 12.5, 'stdlib loaded': 'soon', bad: NaN } }),
    ).toEqual({ type: 'ready', times: { 'worker started': 12.5 } });
    expect(readWorkerMessage({ type: 'ready', times: 'yesterday' })).toEqual({ type: 'ready' });
  });

  it('keeps only what each message needs, in the types the frame expects', () => {
    expect(readWorkerMessage({ type: 'output', id: 1, stream: 'stdin', text: 'x', extra: true })).toEqual({
      type: 'output',
      id: 1,
      stream: 'stdout',
      text: 'x',
    });
    expect(readWorkerMessage({ type: 'fatal', id: 1, message: { toString: 'no' } })).toEqual({
      type: 'fatal',
      id: 1,
      message: 'the worker sent a message that is not text',
    });
    expect(readWorkerMessage({ type: 'boot-error', message: { a: 1 } })).toEqual({
      type: 'boot-error',
      message: '[object Object]',
    });
    // Only `fresh: true` lets the frame hand the interpreter to another run.
    expect(readWorkerMessage({ type: 'result', id: 1, json: '"passed"', heapBytes: 'huge', fresh: 'yes' })).toEqual({
      type: 'result',
      id: 1,
      json: '"passed"',
    });
  });
});
