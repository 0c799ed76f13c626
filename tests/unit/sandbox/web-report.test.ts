// The pure parts of web pages: where two pictures differ, the report read from the page's frame,
// the verdict made from it, and the document a page renders as.
import { describe, expect, it } from 'vitest';
import { pageDocument } from '../../../src/sandbox/web/page-document.ts';
import { regionsOf } from '../../../src/sandbox/web/regions.ts';
import { readReport, verdictOf } from '../../../src/sandbox/web/report.ts';

const mask = (width: number, height: number, on: [number, number][], colour = [255, 0, 0]): Uint8ClampedArray => {
  const m = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of on) m.set([...colour, 255], (y * width + x) * 4);
  return m;
};

describe('regionsOf', () => {
  it('joins neighbouring differing pixels into boxes, largest first, on a 16-pixel grid', () => {
    const on: [number, number][] = [];
    for (let x = 10; x < 40; x++) on.push([x, 5]);
    on.push([100, 90]);
    expect(regionsOf(mask(128, 128, on), 128, 128)).toEqual([
      { x: 0, y: 0, width: 48, height: 16 },
      { x: 96, y: 80, width: 16, height: 16 },
    ]);
  });

  it('ignores anti-aliased pixels and clips boxes to the picture', () => {
    expect(regionsOf(mask(20, 20, [[3, 3]], [255, 255, 0]), 20, 20)).toEqual([]);
    expect(regionsOf(mask(20, 20, [[19, 19]]), 20, 20)).toEqual([{ x: 16, y: 16, width: 4, height: 4 }]);
  });
});

describe('readReport and verdictOf', () => {
  const base = { type: 'report', checks: [{ name: 'checks', passed: true }], errors: [], console: [] };

  it('refuses what is not a report', () => {
    expect(readReport({ type: 'pong' })).toBeUndefined();
    expect(readReport({ ...base, checks: [{ name: 1, passed: true }] })).toBeUndefined();
    expect(readReport(null)).toBeUndefined();
  });

  it('passes only with every check passed and no page error', () => {
    expect(verdictOf(readReport(base)!, undefined, false).result).toBe('passed');
    const erred = verdictOf(readReport({ ...base, errors: ['TypeError: x is undefined'] })!, undefined, false);
    expect(erred).toMatchObject({ status: 'error', result: 'failed: TypeError: x is undefined' });
    expect(erred.exception).toMatchObject({ type: 'TypeError', message: 'x is undefined' });
    const failed = readReport({
      ...base,
      checks: [{ name: 'b', passed: false, expected: '1', actual: '2' }],
      failure: 'b: AssertionError: 2 == 1',
      failureType: 'AssertionError',
      line: 3,
    })!;
    expect(verdictOf(failed, undefined, false)).toMatchObject({
      status: 'failed',
      result: 'failed: b: AssertionError: 2 == 1',
      exception: { type: 'AssertionError', message: '2 == 1', line: 3 },
    });
  });

  it('a check marked failed without a failure text still fails', () => {
    const r = readReport({ ...base, checks: [{ name: 'a', passed: false }] })!;
    expect(verdictOf(r, undefined, false).result).toBe('failed: a check failed');
  });

  it('fails a picture past the threshold and says by how much', () => {
    const match = { differing: 0.2, threshold: 0.05, regions: [] };
    expect(verdictOf(readReport(base)!, match, true).result).toBe(
      'failed: the picture differs from the reference in 20.0% of its pixels (at most 5.0% may)',
    );
    expect(verdictOf(readReport(base)!, { ...match, differing: 0.01 }, true).result).toBe('passed');
  });

  it('keeps only PNG data URLs as pictures', () => {
    expect(readReport({ ...base, picture: 'javascript:alert(1)' })!.picture).toBeUndefined();
    expect(readReport({ ...base, picture: 'data:image/png;base64,AAAA' })!.picture).toBe('data:image/png;base64,AAAA');
  });
});

describe('pageDocument', () => {
  it('puts the policy and the start-up script before the page, which cannot end the script early', () => {
    const doc = pageDocument('<p>x</p>', 'boot("</script>")', {
      checks: '</script><!--',
      picture: false,
      viewport: { width: 1, height: 1 },
    });
    expect(
      doc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src \'none\';'),
    ).toBe(true);
    expect(doc.endsWith('<p>x</p>')).toBe(true);
    const script = doc.slice(doc.indexOf('<script>') + 8, doc.lastIndexOf('</script>'));
    expect(script).not.toMatch(/<\/script|<!--/i);
  });
});
