// Resolving package names in pyodide-lock.json: dependencies first and once, import names,
// PEP 503 spellings, and errors that name the package and why.
import { describe, expect, it } from 'vitest';
import { PackageError, parseLock, resolvePackages } from '../../../src/sandbox/packages/lock.ts';
import { fetchVerified } from '../../../src/sandbox/packages/fetch.ts';

const sha = (c: string) => c.repeat(64);
const LOCK = parseLock(
  JSON.stringify({
    info: { version: '1.2.3' },
    packages: {
      pandas: { name: 'pandas', file_name: 'pandas.whl', sha256: sha('a'), depends: ['numpy', 'python-dateutil'] },
      numpy: { name: 'numpy', file_name: 'numpy.whl', sha256: sha('b'), depends: [] },
      'python-dateutil': {
        name: 'python-dateutil',
        file_name: 'du.whl',
        sha256: sha('c'),
        depends: ['six'],
        imports: ['dateutil'],
      },
      six: { name: 'six', file_name: 'six.whl', sha256: sha('d'), depends: [] },
      openblas: {
        name: 'openblas',
        file_name: 'openblas.zip',
        sha256: sha('e'),
        depends: [],
        package_type: 'shared_library',
      },
      broken: { name: 'broken', file_name: 'broken.whl', sha256: sha('f'), depends: ['gone'] },
    },
  }),
  'pyodide-lock.json',
);

describe('resolvePackages', () => {
  it('lists dependencies first, each once', () => {
    expect(resolvePackages(['pandas', 'numpy'], LOCK).map((f) => f.name)).toEqual([
      'numpy',
      'six',
      'python-dateutil',
      'pandas',
    ]);
  });

  it('finds a package by the name it is imported by, and by any PEP 503 spelling', () => {
    expect(resolvePackages(['dateutil'], LOCK).map((f) => f.name)).toEqual(['six', 'python-dateutil']);
    expect(resolvePackages(['Python_DateUtil'], LOCK).at(-1)?.fileName).toBe('du.whl');
    expect(resolvePackages(['openblas'], LOCK)[0]?.installDir).toBe('dynlib');
  });

  it('says which package is missing, and which one needed it', () => {
    expect(() => resolvePackages(['scipy'], LOCK)).toThrow(
      'package "scipy" is not in pyodide-lock.json (Pyodide 1.2.3\'s list)',
    );
    try {
      resolvePackages(['broken'], LOCK);
    } catch (err) {
      expect(err).toBeInstanceOf(PackageError);
      expect(err).toMatchObject({ pkg: 'gone', problem: 'not in lock' });
      expect((err as Error).message).toMatch(/"gone" \(needed by "broken"\)/);
    }
  });

  it('refuses a lock that is not JSON or has an entry without a digest, naming the file', () => {
    expect(() => parseLock('{', 'lock.json')).toThrow(/^lock\.json is not JSON/);
    expect(() => parseLock('{"packages": {"x": {"file_name": "x.whl"}}}', 'lock.json')).toThrow(
      'lock.json: package "x" has no file_name or no sha256',
    );
  });
});

describe('fetchVerified', () => {
  const bytes = new TextEncoder().encode('wheel bytes');
  const digest = async () =>
    Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');

  it('tries the bases in order and checks the digest', async () => {
    const asked: string[] = [];
    const fetchFn = ((url: string) => {
      asked.push(url);
      return Promise.resolve(url.startsWith('https://app/') ? new Response('', { status: 404 }) : new Response(bytes));
    }) as typeof fetch;
    const file = { name: 'six', fileName: 'six.whl', sha256: await digest(), installDir: 'site' };
    const got = await fetchVerified(['https://app/pyodide/', 'https://cdn/full'], [file], fetchFn);
    expect(asked).toEqual(['https://app/pyodide/six.whl', 'https://cdn/full/six.whl']);
    expect(new Uint8Array(got[0]!.bytes)).toEqual(bytes);
    await expect(fetchVerified(['https://cdn/'], [{ ...file, sha256: sha('0') }], fetchFn)).rejects.toMatchObject({
      problem: 'sha mismatch',
    });
  });
});
