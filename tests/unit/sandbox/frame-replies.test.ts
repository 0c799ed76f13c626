import { describe, expect, it } from 'vitest';
import { FrameReplies } from '../../../src/sandbox/frame-replies.ts';

describe('FrameReplies', () => {
  it('gives a message to whoever expects its channel and id, and the rest to the channel', () => {
    const r = new FrameReplies();
    const run: unknown[] = [];
    const channel: unknown[] = [];
    const stop = r.expect('python', 3, (m) => run.push(m.type));
    r.listen('python', (m, id) => channel.push(`${m.type} ${id}`));
    r.dispatch({ channel: 'python', id: 3, msg: { type: 'started' } });
    r.dispatch({ channel: 'python', id: 4, msg: { type: 'started' } });
    // Another channel's message of the same id is not this run's.
    r.dispatch({ channel: 'js', id: 3, msg: { type: 'result', result: {} } });
    stop();
    r.dispatch({ channel: 'python', id: 3, msg: { type: 'crashed', message: 'late', killed: true } });
    expect(run).toEqual(['started']);
    expect(channel).toEqual(['started 4', 'crashed 3']);
  });

  it('drops what is not an envelope: no channel it knows, no numeric id, no typed message', () => {
    const r = new FrameReplies();
    const seen: unknown[] = [];
    r.listen('frame', (m) => seen.push(m));
    for (const data of [
      null,
      'ready',
      { type: 'ready', isolated: true },
      { channel: 'nope', id: 0, msg: { type: 'ready' } },
      { channel: 'frame', id: '0', msg: { type: 'ready' } },
      { channel: 'frame', id: 0, msg: null },
      { channel: 'frame', id: 0, msg: { type: 1 } },
      { channel: 'toString', id: 0, msg: { type: 'ready' } },
    ])
      r.dispatch(data);
    r.dispatch({ channel: 'frame', id: 0, msg: { type: 'pong' } });
    expect(seen).toEqual([{ type: 'pong' }]);
  });
});
