// Bad input to the command line: a clear message naming the file and line, exit status 2, and no
// browser started.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawPack } from '../../support/classroom-pack.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'fixpoint-cli-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const problems = file(
  'problems.jsonl',
  `${JSON.stringify({ task_id: 'T/0', prompt: 'def f():\n', test: 'def check(c):\n    assert c() == 1\n', entry_point: 'f' })}\n`,
);

function cli(...args: string[]): { status: number | null; stderr: string; stdout: string } {
  // CHROME_PATH pointing nowhere proves these fail before any browser is looked for.
  const r = spawnSync('node', ['--import', 'tsx', 'cli/main.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CHROME_PATH: '/nonexistent' },
  });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('eval: bad input', () => {
  it.each([
    [
      'malformed JSON',
      'samples1.jsonl',
      '{"task_id": "T/0", "completion": "  return 1"}\n{"task_id": "T/0", "completion": \n',
      /samples1\.jsonl:2: not valid JSON/,
    ],
    [
      'unknown task_id',
      'samples2.jsonl',
      '{"task_id": "T/9", "completion": "x"}\n',
      /samples2\.jsonl:1: unknown task_id "T\/9"/,
    ],
    [
      'missing completion',
      'samples3.jsonl',
      '\n{"task_id": "T/0"}\n',
      /samples3\.jsonl:2: field "completion" is missing/,
    ],
    [
      'a line that is not an object',
      'samples4.jsonl',
      '[1, 2]\n',
      /samples4\.jsonl:1: each line must be a JSON object/,
    ],
    ['an empty file', 'samples5.jsonl', '\n\n', /samples5\.jsonl: the file has no rows/],
  ])('%s', (_name, fileName, text, message) => {
    const r = cli('eval', '--problems', problems, '--samples', file(fileName, text));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('a problems file with a row of neither format names the line', () => {
    const bad = file('bad-problems.jsonl', `${JSON.stringify({ task_id: 1, question: 'x' })}\n`);
    const r = cli('eval', '--problems', bad, '--samples', problems);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad-problems\.jsonl:1: not a HumanEval row/);
  });

  it.each([
    [['eval', '--samples', 'x'], /--problems is required/],
    [
      ['eval', '--problems', problems, '--samples', problems, '--timeout', 'soon'],
      /--timeout must be a number, not "soon"/,
    ],
    [['eval', '--problems', problems, '--samples', problems, '--workers', '0'], /--workers must be at least 1/],
    [['eval', '--problems', problems, '--samples', problems, '--wrokers', '2'], /unknown flag --wrokers/],
    [['eval', '--problems', join(dir, 'missing.jsonl'), '--samples', problems], /missing\.jsonl: no such file/],
    [['evaluate'], /unknown command "evaluate"/],
  ])('flags %j', (args, message) => {
    const r = cli(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('eval: bad files', () => {
  const samples = file('good-samples.jsonl', '{"task_id": "T/0", "completion": "    return 1\\n"}\n');
  const mbpp = file(
    'mbpp.jsonl',
    `${JSON.stringify({ task_id: 11, text: 'Write f.', code: 'def f():\n    return 1', test_list: ['assert f() == 1'], test_setup_code: '' })}\n`,
  );
  const gz = (name: string, bytes: Buffer): string => {
    const p = join(dir, name);
    writeFileSync(p, bytes);
    return p;
  };

  it.each([
    [
      'a gzip file whose body is corrupt',
      () =>
        gz(
          'corrupt.jsonl.gz',
          Buffer.concat([gzipSync('{"task_id": 1}\n').subarray(0, 10), Buffer.from('not deflate data at all')]),
        ),
      /corrupt\.jsonl\.gz: not a readable gzip file/,
    ],
    [
      'a gzip file cut short',
      () => gz('short.jsonl.gz', gzipSync(readFileSync(problems)).subarray(0, 20)),
      /short\.jsonl\.gz: not a readable gzip file \(unexpected end of file\)/,
    ],
    ['a folder', () => dir, /: is a folder, not a file/],
    [
      // 288 MB of zeros in nine gzip members, 300 KB on disk: refused at the limit, not held whole.
      'a gzip bomb',
      () => gz('bomb.jsonl.gz', Buffer.concat(Array(9).fill(gzipSync(Buffer.alloc(32 * 1024 * 1024))))),
      /bomb\.jsonl\.gz: larger than the limit of 256 MB once unpacked/,
    ],
    [
      'a file larger than the limit',
      () => {
        const p = file('huge.jsonl', '');
        truncateSync(p, 300 * 1024 * 1024); // sparse: nothing written
        return p;
      },
      /huge\.jsonl: larger than the limit of 256 MB/,
    ],
    [
      'an MBPP row whose test_list is not a list',
      () => file('mbpp-bad.jsonl', `${JSON.stringify({ task_id: 2, text: 'x', test_list: 'assert f() == 1' })}\n`),
      /mbpp-bad\.jsonl:1: field "test_list" must be a list of strings/,
    ],
    [
      'a task_id given twice',
      () =>
        file(
          'twice.jsonl',
          `${JSON.stringify({ task_id: 11, text: 'x', test_list: [] })}\n${JSON.stringify({ task_id: '11', text: 'y', test_list: [] })}\n`,
        ),
      /twice\.jsonl:2: task_id "11" appears twice/,
    ],
  ])('problems: %s', (_name, make, message) => {
    const r = cli('eval', '--problems', make(), '--samples', samples);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it.each([
    [
      'HumanEval ids for an MBPP file',
      'mbpp-s1.jsonl',
      '{"task_id": "HumanEval/0", "completion": "x"}\n',
      /mbpp-s1\.jsonl:1: unknown task_id "HumanEval\/0": not in the problems file/,
    ],
    [
      'a completion that is not a string',
      'mbpp-s2.jsonl',
      '{"task_id": 11, "completion": ["def f():", "    return 1"]}\n',
      /mbpp-s2\.jsonl:1: field "completion" must be a string/,
    ],
    [
      'a task_id that is neither string nor number',
      'mbpp-s3.jsonl',
      '{"task_id": {"id": 11}, "completion": "x"}\n',
      /mbpp-s3\.jsonl:1: field "task_id" is missing \(a string or number\)/,
    ],
  ])('samples for an MBPP file: %s', (_name, fileName, text, message) => {
    const r = cli('eval', '--problems', mbpp, '--samples', file(fileName, text));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  const commands = {
    eval: ['eval', '--problems', problems, '--samples', samples],
    run: ['run', '--problems', problems, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--model', 'm'],
  };
  const problemsText = readFileSync(problems, 'utf8');
  it.each([
    [
      'a folder that does not exist',
      join(dir, 'no-such-folder', 'out.jsonl'),
      /out\.jsonl: cannot write the output: the folder .*no-such-folder does not exist/,
    ],
    ['a folder', dir, /cannot write the output: it is a folder/],
    ['the problems file it reads', problems, /problems\.jsonl: cannot write the output over an input file/],
  ])('--out to %s: a clear message, exit 2, nothing written', (_name, out, message) => {
    for (const command of Object.values(commands)) {
      const r = cli(...command, '--out', out);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
    expect(readFileSync(problems, 'utf8')).toBe(problemsText);
  });

  it('--workers past what a machine can hold', () => {
    const r = cli('eval', '--problems', problems, '--samples', samples, '--workers', '1000');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--workers must be at most 16, not 1000/);
  });
});

describe('run: bad input', () => {
  const base = ['run', '--problems', problems, '--model', 'm'];
  it.each([
    [[...base, '--provider', 'openai', '--base-url', 'not a url'], /--base-url "not a url" is not a URL/],
    [
      [...base, '--provider', 'gemini', '--base-url', 'http://127.0.0.1:1/v1'],
      /--provider must be one of openai, anthropic, ollama/,
    ],
    [[...base, '--provider', 'openai', '--base-url', 'ftp://x/v1'], /must start with http/],
    [
      [...base, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--max-iterations', '-1'],
      /--max-iterations must be at least 1/,
    ],
    [
      [...base, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--max-iterations', '2.5'],
      /--max-iterations must be a whole number/,
    ],
    [
      ['run', '--problems', problems, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1'],
      /--model is required/,
    ],
    [
      [...base, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--strategy', 'beam'],
      /--strategy must be one of repair, reflexion, best-of-n, codet, not "beam"/,
    ],
    [
      [...base, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--samples', '3'],
      /--samples is for best-of-n and codet; the repair strategy draws one candidate at a time/,
    ],
    [
      [
        ...base,
        '--provider',
        'openai',
        '--base-url',
        'http://127.0.0.1:1/v1',
        '--strategy',
        'reflexion',
        '--samples',
        '3',
      ],
      /--samples is for best-of-n and codet; the reflexion strategy/,
    ],
    [
      [...base, '--provider', 'openai', '--base-url', 'http://127.0.0.1:1/v1', '--strategy', 'codet', '--samples', '0'],
      /--samples must be at least 1/,
    ],
  ])('flags %j', (args, message) => {
    const r = cli(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('pack check: packs past the bounds', () => {
  it('a pack of 20,000 exercises is refused at once, naming the file and the limit', () => {
    const one = { id: 'e', title: 'E', language: 'python', statement: '', starter: '', entryPoint: 'f' };
    const tests = [{ name: 't', code: 'assert f() == 1' }];
    const exercises = Array.from({ length: 20_000 }, (_, i) => ({ ...one, id: `e${i}`, tests }));
    const pack = { format: 'fixpoint-pack/1', id: 'big', title: 'Big', version: '1', license: 'CC0', exercises };
    const r = cli('pack', 'check', '--pack', file('big-pack.json', JSON.stringify(pack)));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/big-pack\.json: field "exercises": the pack has 20000 exercises; at most 500/);
  });
});

describe('grade: results files', () => {
  it('says which files carry rows in one student’s name, before grading them', () => {
    const pack = file('demo-pack.json', JSON.stringify(rawPack()));
    const results = (student: string) => ({
      format: 'fixpoint-results/1',
      student,
      pack: { id: 'demo', version: '1.0.0', hash: '01234567' },
      exportedAt: '2026-01-01T00:00:00Z',
      exercises: [{ id: 'add', code: 'def add(a, b):\n    return a + b\n' }],
    });
    const lines = [results('ann'), results('bob'), results('ann')].map((r) => JSON.stringify(r)).join('\n');
    const r = cli('grade', '--pack', pack, '--submissions', file('class.jsonl', lines));
    expect(r.stderr).toMatch(
      /warning: rows in the name of "ann" come from more than one results file: \S*class\.jsonl:1, \S*class\.jsonl:3/,
    );
    expect(r.stderr).not.toMatch(/"bob"/);
    expect(r.status).toBe(3); // then no browser: the warning came first
  });
});

describe('browser discovery', () => {
  it('says how to install a browser when none is found', () => {
    const samples = file('ok.jsonl', '{"task_id": "T/0", "completion": "    return 1\\n"}\n');
    const r = cli('eval', '--problems', problems, '--samples', samples);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/CHROME_PATH is set to \/nonexistent/);
  });
});
