// The "SQL query" task: an engine, a database (a bundled sample, a loaded .sqlite file or a
// script), its schema, the question with its expected query, the query editor, and the result
// beside the expected one. "Solve with model" runs the loop; "Run query" checks the query as is.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { PostgreSQL, sql, SQLite } from '@codemirror/lang-sql';
import { Compartment } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { pageTheme } from '../../editor/theme.ts';
import type { SqlAnswer, SqlEngineName, SqlJob } from '../../../shared/sql.ts';
import type { SqlExample, SqlSampleDatabase } from '../../../kinds/sql/examples.ts';
import type { TableSchema } from '../../../kinds/sql/prompt.ts';
import type { SqlLoopOutcome } from '../../../kinds/sql/repair.ts';
import { h } from '../../common/dom.ts';
import { resultTable } from './result-table.ts';
import { STRATEGIES } from '../../../loop/strategies/registry.ts';
import { DEFAULT_SAMPLES } from '../../../shared/strategy.ts';
import { selectionView } from '../../strategies/selection-view.ts';
import '../../strategies/strategies.css';

type Database = SqlJob['database'];

export interface SqlWorkspaceDeps {
  databases: readonly SqlSampleDatabase[];
  examples: readonly SqlExample[];
  /** The expected query and the candidate, each on a fresh copy; with the verdict. */
  check(
    db: Database,
    expected: string,
    query: string,
    engine: SqlEngineName,
  ): Promise<{ answers: SqlAnswer[]; result: string; passed: boolean }>;
  schema(db: Database, engine: SqlEngineName): Promise<TableSchema[]>;
  solve(
    db: Database,
    example: Omit<SqlExample, 'id' | 'dbId'>,
    engine: SqlEngineName,
    strategy: SqlStrategyChoice,
  ): Promise<SqlLoopOutcome>;
}

/** The strategies a SQL question takes: repair, or a first round of several queries and a choice. */
interface SqlStrategyChoice {
  name: 'repair' | 'best-of-n' | 'codet';
  samples?: number;
}
const SQL_STRATEGIES = ['repair', 'best-of-n', 'codet'] as const;

const FILE_CHOICE: Record<SqlEngineName, { text: string; accept: string }> = {
  sqlite: { text: 'A .sqlite file…', accept: '.sqlite,.sqlite3,.db' },
  postgres: { text: 'A .sql script or plain pg_dump…', accept: '.sql,.txt,.dump' },
};

/** A SQL session from the history, as the workspace shows it again. */
interface OpenedSqlSession {
  title: string;
  engine: SqlEngineName;
  /** How the database is named: "library (bundled set bird-mini)", a file's name and size. */
  databaseLabel: string;
  /** The database to run on again, or why it is not there. */
  database: Database | string;
  question: string;
  evidence: string;
  expected: string;
  query: string;
  /** The last attempt's results: expected, then the query's. */
  answers?: [SqlAnswer, SqlAnswer];
  result: string;
  passed: boolean;
  attempts: { completion: string; result: string }[];
}

export interface SqlWorkspace {
  el: HTMLElement;
  load(session: OpenedSqlSession): void;
}

export function mountSqlWorkspace(host: HTMLElement, deps: SqlWorkspaceDeps): SqlWorkspace {
  const engine = h(
    'select',
    { id: 'sql-engine' },
    h('option', { value: 'sqlite' }, 'SQLite (wasm, in the sandbox)'),
    h('option', { value: 'postgres' }, 'Postgres (PGlite, in the sandbox)'),
  );
  const engineName = (): SqlEngineName => (engine.value === 'postgres' ? 'postgres' : 'sqlite');
  const syncDialect = (): void => {
    const e = engineName();
    fileChoice.textContent = FILE_CHOICE[e].text;
    file.accept = FILE_CHOICE[e].accept;
    editor.dispatch({ effects: dialect.reconfigure(sql({ dialect: e === 'postgres' ? PostgreSQL : SQLite })) });
  };
  const dbPick = h('select', { id: 'sql-database' });
  for (const d of deps.databases) dbPick.append(h('option', { value: d.id }, d.title));
  const fileChoice = h('option', { value: 'file' }, FILE_CHOICE.sqlite.text);
  const sessionChoice = h('option', { value: 'session', hidden: true }, '');
  dbPick.append(fileChoice, h('option', { value: 'script' }, 'A SQL script…'), sessionChoice);
  const file = h('input', { id: 'sql-file', type: 'file', accept: FILE_CHOICE.sqlite.accept, hidden: 'true' });
  const script = h('textarea', { id: 'sql-script', rows: 5, hidden: 'true', placeholder: 'CREATE TABLE …; INSERT …;' });
  const examplePick = h('select', { id: 'sql-example' }, h('option', { value: '' }, 'Own question'));
  for (const e of deps.examples) examplePick.append(h('option', { value: e.id }, e.question));
  const schemaList = h('ul', { class: 'sql-schema', 'data-testid': 'sql-schema' });
  const question = h('textarea', { id: 'sql-question', rows: 2 });
  const evidence = h('input', { id: 'sql-evidence', type: 'text', autocomplete: 'off' });
  const expected = h('textarea', { id: 'sql-expected', rows: 3, spellcheck: 'false' });
  const editorHost = h('div', { class: 'sql-editor', 'data-testid': 'sql-editor' });
  const runBtn = h('button', { type: 'button', 'data-testid': 'sql-run' }, 'Run query');
  const solveBtn = h('button', { type: 'button', class: 'primary', 'data-testid': 'sql-solve' }, 'Solve with model');
  const verdict = h('p', { class: 'sql-verdict', 'data-testid': 'sql-verdict', role: 'status' });
  const results = h('div', { class: 'sql-results' });
  const attempts = h('ol', { class: 'sql-attempts', 'data-testid': 'sql-attempts' });
  const strategy = h(
    'select',
    { id: 'sql-strategy', 'data-testid': 'sql-strategy' },
    ...SQL_STRATEGIES.map((n) => h('option', { value: n }, STRATEGIES[n].label)),
  );
  const samples = h('input', {
    id: 'sql-samples',
    'data-testid': 'sql-samples',
    type: 'number',
    min: '2',
    max: '20',
    step: '1',
    value: String(DEFAULT_SAMPLES),
  });
  const samplesField = h(
    'div',
    { class: 'field', hidden: 'true' },
    h('label', { for: 'sql-samples' }, 'Samples'),
    samples,
  );
  strategy.addEventListener('change', () => (samplesField.hidden = strategy.value === 'repair'));
  const strategyChoice = (): SqlStrategyChoice => {
    const name = SQL_STRATEGIES.find((n) => n === strategy.value) ?? 'repair';
    const n = Math.round(Number(samples.value));
    return name === 'repair' ? { name } : { name, samples: Math.min(20, Math.max(2, n || DEFAULT_SAMPLES)) };
  };
  // The samples of a selection round, their groups and why one was taken, as the loop page shows them.
  const strategyPanel = h('section', {
    class: 'sql-strategy-panel',
    'aria-label': 'Strategy',
    'data-testid': 'sql-strategy-panel',
    hidden: 'true',
  });
  const opened = h('p', { class: 'sql-opened', 'data-testid': 'sql-session-info', hidden: true });
  const label = (forId: string, text: string, control: HTMLElement): HTMLElement =>
    h('div', { class: 'field' }, h('label', { for: forId }, text), control);
  const el = h(
    'section',
    { class: 'sql-workspace', 'aria-label': 'SQL query' },
    opened,
    h('div', { class: 'sql-row' }, label('sql-engine', 'Engine', engine), label('sql-database', 'Database', dbPick)),
    file,
    script,
    h('details', { open: 'true' }, h('summary', null, 'Schema'), schemaList),
    label('sql-example', 'Example', examplePick),
    label('sql-question', 'Question', question),
    label('sql-evidence', 'Evidence (a hint for the model)', evidence),
    label('sql-expected', 'Expected query (never shown to the model)', expected),
    h('div', { class: 'field' }, h('span', { class: 'field-label' }, 'Your query'), editorHost),
    h('div', { class: 'sql-row' }, label('sql-strategy', 'Strategy', strategy), samplesField),
    h('div', { class: 'sql-buttons' }, runBtn, solveBtn),
    verdict,
    results,
    attempts,
    strategyPanel,
  );
  host.append(el);
  const dialect = new Compartment();
  const editor = new EditorView({
    doc: '',
    extensions: [
      lineNumbers(),
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      dialect.of(sql({ dialect: SQLite })),
      pageTheme,
      EditorView.contentAttributes.of({ 'aria-label': 'Your query' }),
    ],
    parent: editorHost,
  });
  const setQuery = (text: string): void =>
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });

  let database: Database | undefined;
  let sessionDb: Database | undefined;
  let loaded = 0;
  const useDatabase = async (db: Database | undefined): Promise<void> => {
    database = db;
    schemaList.replaceChildren();
    if (!db) return;
    const tables = await deps.schema(db, engineName());
    if (database !== db) return;
    for (const t of tables) {
      const cols = t.sample?.columns.join(', ') ?? '';
      schemaList.append(h('li', null, h('strong', null, t.name), cols ? ` (${cols})` : ''));
    }
  };
  const pickDatabase = (): void => {
    file.hidden = dbPick.value !== 'file';
    script.hidden = dbPick.value !== 'script';
    const sample = deps.databases.find((d) => d.id === dbPick.value);
    if (dbPick.value === 'session') return void useDatabase(sessionDb);
    void useDatabase(sample ? { key: `sample:${sample.id}`, script: sample.script } : undefined);
  };
  dbPick.addEventListener('change', pickDatabase);
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (!f) return;
    const key = `file:${++loaded}:${f.name}`;
    // Postgres takes its databases as scripts (a plain pg_dump is one).
    if (engineName() === 'postgres') void f.text().then((text) => useDatabase({ key, script: text }));
    else void useDatabase({ key, bytes: f });
  });
  engine.addEventListener('change', () => {
    syncDialect();
    file.value = '';
    if (dbPick.value === 'file') void useDatabase(undefined);
    else if (dbPick.value === 'script') void useDatabase({ key: `script:${++loaded}`, script: script.value });
    else pickDatabase();
  });
  script.addEventListener('change', () => void useDatabase({ key: `script:${++loaded}`, script: script.value }));
  examplePick.addEventListener('change', () => {
    const e = deps.examples.find((x) => x.id === examplePick.value);
    if (!e) return;
    dbPick.value = e.dbId;
    pickDatabase();
    question.value = e.question;
    evidence.value = e.evidence;
    expected.value = e.expected;
    setQuery('');
  });

  const busy = (on: boolean): void => {
    runBtn.disabled = solveBtn.disabled = on;
    el.dataset.busy = String(on);
  };
  const show = (answers: SqlAnswer[], result: string, passed: boolean): void => {
    verdict.textContent = result;
    verdict.dataset.tone = passed ? 'pass' : 'fail';
    results.replaceChildren(
      resultTable('Your result', answers[1], 'sql-result-candidate'),
      resultTable('Expected', answers[0], 'sql-result-expected'),
    );
  };
  const check = async (): Promise<void> => {
    if (!database) return void (verdict.textContent = 'Choose a database first.');
    const r = await deps.check(database, expected.value, editor.state.doc.toString(), engineName());
    show(r.answers, r.result, r.passed);
  };
  runBtn.addEventListener('click', () => {
    busy(true);
    void check().finally(() => busy(false));
  });
  solveBtn.addEventListener('click', () => {
    if (!database) return void (verdict.textContent = 'Choose a database first.');
    busy(true);
    attempts.replaceChildren();
    strategyPanel.replaceChildren();
    strategyPanel.hidden = true;
    verdict.textContent = 'The model is working…';
    const ask = { question: question.value, evidence: evidence.value, expected: expected.value };
    void deps
      .solve(database, ask, engineName(), strategyChoice())
      .then(async (o) => {
        for (const a of o.attempts) attempts.append(h('li', null, h('code', null, a.completion), ` — ${a.result}`));
        const selection = o.attempts.find((a) => a.selection)?.selection;
        if (selection) {
          strategyPanel.append(h('h2', { class: 'sql-strategy-heading' }, 'Strategy'), selectionView(selection));
          strategyPanel.hidden = false;
        }
        setQuery(o.completion);
        await check();
      })
      .catch((err: unknown) => (verdict.textContent = `The model could not be asked: ${String(err)}`))
      .finally(() => busy(false));
  });
  examplePick.value = deps.examples[0]?.id ?? '';
  examplePick.dispatchEvent(new Event('change'));

  const load = (s: OpenedSqlSession): void => {
    engine.value = s.engine;
    syncDialect();
    sessionDb = typeof s.database === 'string' ? undefined : s.database;
    sessionChoice.textContent = `${s.databaseLabel} (from the history)`;
    sessionChoice.hidden = false;
    dbPick.value = 'session';
    file.hidden = script.hidden = true;
    void useDatabase(sessionDb);
    examplePick.value = '';
    question.value = s.question;
    evidence.value = s.evidence;
    expected.value = s.expected;
    setQuery(s.query);
    const engineLabel = s.engine === 'postgres' ? 'Postgres' : 'SQLite';
    opened.replaceChildren(
      h('strong', null, s.title),
      ` · Engine: ${engineLabel} · Database: ${s.databaseLabel}`,
      ...(typeof s.database === 'string' ? [h('span', { class: 'sql-opened-missing' }, ` · ${s.database}`)] : []),
    );
    opened.hidden = false;
    attempts.replaceChildren(...s.attempts.map((a) => h('li', null, h('code', null, a.completion), ` — ${a.result}`)));
    if (s.answers) show(s.answers, s.result, s.passed);
    else {
      results.replaceChildren();
      verdict.textContent = s.result;
      verdict.dataset.tone = s.passed ? 'pass' : 'fail';
    }
  };
  return { el, load };
}
