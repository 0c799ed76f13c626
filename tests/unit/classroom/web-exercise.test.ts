// Web page exercises in a pack: language "html", no entry point, an optional viewport, and tests
// that are checks run in the rendered page, for grading, practice and the loop alike.
import { describe, expect, it } from 'vitest';
import { exerciseTask } from '../../../src/classroom/exercise-task.ts';
import { testJob } from '../../../src/classroom/grading.ts';
import { PackError, parsePack, validatePack } from '../../../src/classroom/validate.ts';
import { rawPack } from '../../support/classroom-pack.ts';

type Ex = Record<string, unknown>;
function webPack(extra: Ex = {}): Record<string, unknown> {
  const raw = rawPack();
  const ex = (raw.exercises as Ex[])[1]!;
  Object.assign(ex, {
    language: 'html',
    starter: '<button id="go">Go</button>',
    tests: [{ name: 'a button', code: "assert.ok(document.getElementById('go'));", points: 2 }],
    hiddenTests: [
      { name: 'says hi', code: "document.getElementById('go').click();\nassert.strictEqual(out.textContent, 'hi');" },
    ],
    ...extra,
  });
  delete ex.entryPoint;
  return raw;
}

const problemsOf = (text: string): string[] => {
  try {
    parsePack(text, 'packs/web.json');
  } catch (err) {
    expect(err).toBeInstanceOf(PackError);
    return (err as PackError).problems;
  }
  throw new Error('the pack was accepted');
};

describe('web page exercises', () => {
  it('accepts language html without an entry point, with a viewport', () => {
    const pack = validatePack(webPack({ viewport: { width: 400, height: 300 } }), 'web.json');
    const ex = pack.exercises[1]!;
    expect(ex).toMatchObject({ language: 'html', entryPoint: '', viewport: { width: 400, height: 300 } });
  });

  it('grades each test as checks run in the page, at the viewport', () => {
    const ex = validatePack(webPack({ viewport: { width: 400, height: 300 } }), 'web.json').exercises[1]!;
    expect(testJob(ex, ex.hiddenTests[0]!, '<p id="out"></p>')).toMatchObject({
      language: 'html',
      code: '<p id="out"></p>',
      tests: { kind: 'web', checks: ex.hiddenTests[0]!.code, viewport: { width: 400, height: 300 } },
      mode: 'grade',
    });
  });

  it('is a web page task for the loop, hidden checks apart', () => {
    const ex = validatePack(webPack(), 'web.json').exercises[1]!;
    const task = exerciseTask('demo', ex);
    expect(task.language).toBe('html');
    expect(task.entryPoint).toBeUndefined();
    expect(task.tests).toEqual({ kind: 'web', checks: `{\n${ex.tests[0]!.code}\n}` });
    expect(task.hiddenTests).toMatchObject({ kind: 'web' });
    expect(JSON.stringify(task.tests)).not.toContain('says hi');
  });

  it('names the line and the exercise of a bad viewport, and of a viewport on a Python exercise', () => {
    const raw = webPack({ viewport: { width: 10, height: 300 } });
    (raw.exercises as Ex[])[0]!.viewport = { width: 400, height: 300 };
    const text = JSON.stringify(raw, null, 2);
    const lineOf = (id: string): number => text.slice(0, text.indexOf(`"id": "${id}"`)).split('\n').length;
    expect(problemsOf(text)).toEqual([
      `line ${lineOf('add')}, exercise "add": field "viewport" is for web page exercises (language "html")`,
      `line ${lineOf('double')}, exercise "double": field "viewport": width and height must be numbers from 50 to 4000`,
    ]);
  });

  it('still wants an entry point from code exercises', () => {
    const raw = webPack();
    delete (raw.exercises as Ex[])[0]!.entryPoint;
    expect(problemsOf(JSON.stringify(raw))).toEqual(['line 1, exercise "add": field "entryPoint" is missing']);
  });
});
