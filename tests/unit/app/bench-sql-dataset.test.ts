// A BIRD dev.json picked in the Benchmark view with its database files: each question names its
// database and carries the picked bytes; a db_id whose file was not picked is named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFile } from '../../../src/app/bench/datasets.ts';
import type { SqlTaskSpec } from '../../../src/shared/sql.ts';

const DEV = readFileSync('data/bird-mini/dev.json', 'utf8');
const db = (id: string): File =>
  new File([readFileSync(`data/bird-mini/databases/${id}/${id}.sqlite`)], `${id}.sqlite`);

describe('a picked BIRD dev.json', () => {
  it('matches each question to its picked database', async () => {
    const problems = await loadFile([new File([DEV], 'dev.json'), db('library'), db('clinic'), db('transit')]);
    expect(problems).toHaveLength(24);
    expect(problems[0]).toMatchObject({ kind: 'sql', rawId: 0, sql: { dbId: 'library', engine: 'sqlite' } });
    const sql = (i: number): SqlTaskSpec | undefined => (problems[i]!.kind === 'sql' ? problems[i]!.sql : undefined);
    expect(sql(0)!.database).toMatchObject({ name: 'library.sqlite', size: 20480 });
    expect(sql(23)!.gold).toMatch(/^SELECT COUNT\(\*\) FROM stops/);
  });

  it('names the db_id with no file picked', async () => {
    await expect(loadFile([new File([DEV], 'dev.json'), db('library')])).rejects.toThrow(
      'dev.json: no database for db_id "clinic", "transit": pick clinic.sqlite, transit.sqlite with the questions',
    );
  });

  it('names the file and line of a malformed question', async () => {
    const bad = DEV.replace('"db_id": "clinic"', '"db_id": 7');
    await expect(loadFile([new File([bad], 'dev.json'), db('library')])).rejects.toThrow(/^dev\.json:\d+: /);
  });
});
