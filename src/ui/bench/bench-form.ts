// The benchmark's set-up form: dataset (bundled or a file), strategy and its samples, iterations,
// samples per task, the subset, and how many sandboxes run side by side. It only reads fields;
// loading the dataset and starting the run belong to the app.
import type { StrategySettings } from '../../shared/strategy.ts';
import type { SubsetSpec } from '../../shared/bench-subset.ts';
import type { VisibleTests } from '../../shared/visible-tests.ts';
import { h, setText } from '../common/dom.ts';
import { rememberForm } from './form-memory.ts';

export interface BenchFormValues {
  /** A bundled dataset's id, or 'file'. */
  dataset: string;
  /** The questions file among those picked. */
  file?: File;
  /** Everything picked: the questions file and, for BIRD's dev.json, its database files. */
  files: File[];
  strategy: StrategySettings;
  maxIterations: number;
  samples: number;
  sandboxes: number;
  timeoutSec: number;
  /** As `run --visible-tests`; undefined: every test is visible. */
  visibleTests?: VisibleTests;
  subset: SubsetSpec;
}

export interface BenchForm {
  element: HTMLElement;
  /** The values, or a sentence naming the field to correct. */
  read(): BenchFormValues | string;
  setEndpoint(label: string): void;
  setLocked(locked: boolean): void;
}

const STRATEGIES: { name: StrategySettings['name']; label: string }[] = [
  { name: 'repair', label: 'Repair (feedback after each failure)' },
  { name: 'reflexion', label: 'Reflexion (reflect, then retry)' },
  { name: 'best-of-n', label: 'Best of n (several candidates per round)' },
  { name: 'codet', label: 'CodeT (candidates ranked by generated tests)' },
];

function num(name: string, label: string, value: number, min: number, max: number): HTMLLabelElement {
  return h(
    'label',
    { class: 'bench-field' },
    label,
    h('input', { type: 'number', name, value, min, max, step: 1, 'data-testid': `bench-${name}` }),
  );
}

function visibleOf(kind: string, k: number): VisibleTests | undefined {
  if (kind === 'doc' || kind === 'pack') return kind;
  return kind === 'first' ? k : undefined;
}

export function mountBenchForm(
  datasets: readonly { id: string; label: string }[],
  defaults: { sandboxes: number },
  /** Whether a picked file is a classroom pack: then its own split is offered, and chosen. */
  isPack: (file: File) => Promise<boolean> = () => Promise.resolve(false),
): BenchForm {
  const endpoint = h('span', { class: 'bench-endpoint', 'data-testid': 'bench-endpoint' });
  const dataset = h(
    'select',
    { name: 'dataset', 'data-testid': 'bench-dataset' },
    ...datasets.map((d) => h('option', { value: d.id }, d.label)),
    h('option', { value: 'file' }, 'A file (HumanEval, MBPP, MultiPL-E, a classroom pack, or BIRD’s dev.json)…'),
  );
  const file = h('input', {
    type: 'file',
    name: 'file',
    accept: '.jsonl,.json,.gz,.sqlite,.sqlite3,.db',
    multiple: true,
    'aria-label': 'Dataset files',
    'data-testid': 'bench-file',
  });
  // BIRD ships its databases as DIR/<db_id>/<db_id>.sqlite: a folder is picked whole.
  const folder = h('input', {
    type: 'file',
    name: 'folder',
    webkitdirectory: true,
    'aria-label': 'Databases folder',
    'data-testid': 'bench-folder',
  });
  const filesBox = h(
    'div',
    { class: 'bench-files', hidden: true },
    h('label', { class: 'bench-field' }, 'Files (for BIRD: dev.json and its .sqlite files)', file),
    h('label', { class: 'bench-field' }, 'Or add a databases folder (BIRD’s dev_databases)', folder),
  );
  const questionsFile = (): File | undefined => {
    const picked = [...(file.files ?? [])];
    return picked.find((f) => /\.(jsonl?|gz)$/i.test(f.name)) ?? picked[0];
  };
  dataset.addEventListener('change', () => {
    filesBox.hidden = dataset.value !== 'file';
    void syncPack();
  });
  file.addEventListener('change', () => void syncPack());
  const strategy = h(
    'select',
    { name: 'strategy', 'data-testid': 'bench-strategy' },
    ...STRATEGIES.map((s) => h('option', { value: s.name }, s.label)),
  );
  const candidates = num('candidates', 'Candidates per round', 3, 1, 20);
  const syncStrategy = (): void => void (candidates.hidden = !['best-of-n', 'codet'].includes(strategy.value));
  strategy.addEventListener('change', syncStrategy);
  syncStrategy();
  const subsetKind = h(
    'select',
    { name: 'subset', 'data-testid': 'bench-subset' },
    h('option', { value: 'all' }, 'All tasks'),
    h('option', { value: 'first' }, 'The first N'),
    h('option', { value: 'range' }, 'A range'),
    h('option', { value: 'random' }, 'A random sample'),
  );
  const subsetN = num('count', 'N', 10, 1, 100000);
  const from = num('from', 'From task', 1, 1, 100000);
  const to = num('to', 'to task', 10, 1, 100000);
  const seed = num('seed', 'Seed', 1, 0, 2 ** 31);
  const syncSubset = (): void => {
    const k = subsetKind.value;
    subsetN.hidden = k !== 'first' && k !== 'random';
    from.hidden = to.hidden = k !== 'range';
    seed.hidden = k !== 'random';
  };
  subsetKind.addEventListener('change', syncSubset);
  syncSubset();
  // The same choice as `run --visible-tests K|doc` (and, for a pack, its own split): the hidden
  // tests decide "passed" and never reach the model.
  const packSplit = h('option', { value: 'pack' }, 'The pack’s own visible tests; its hidden tests hidden');
  const visibleKind = h(
    'select',
    { name: 'visible', 'data-testid': 'bench-visible-tests' },
    h('option', { value: 'all' }, 'All of them (no hidden tests)'),
    h('option', { value: 'first' }, 'The first K asserts (MBPP); the rest hidden'),
    h('option', { value: 'doc' }, 'The docstring’s examples (HumanEval); the tests hidden'),
  );
  const visibleK = num('visible-k', 'K', 1, 1, 1000);
  const syncVisible = (): void => void (visibleK.hidden = visibleKind.value !== 'first');
  visibleKind.addEventListener('change', syncVisible);
  syncVisible();
  // Offered only while the picked file is a pack, and then the default. Reading the file takes a
  // moment: only the latest pick counts.
  let picks = 0;
  const syncPack = async (): Promise<void> => {
    const picked = dataset.value === 'file' ? questionsFile() : undefined;
    const pick = ++picks;
    const pack = picked !== undefined && (await isPack(picked).catch(() => false));
    if (pick !== picks) return;
    if (pack && !packSplit.isConnected) visibleKind.append(packSplit);
    if (pack) visibleKind.value = 'pack';
    else if (packSplit.isConnected) {
      if (visibleKind.value === 'pack') visibleKind.value = 'all';
      packSplit.remove();
    }
    syncVisible();
    form.dataset.pack = String(pack);
  };

  const form = h(
    'form',
    { class: 'bench-form', 'data-testid': 'bench-form', 'aria-label': 'Benchmark set-up' },
    h('p', null, 'Endpoint: ', endpoint, ' (change it in Settings)'),
    h('label', { class: 'bench-field' }, 'Dataset', dataset),
    filesBox,
    h('label', { class: 'bench-field' }, 'Strategy', strategy),
    candidates,
    num('iterations', 'Iterations per task', 5, 1, 50),
    num('samples', 'Samples per task (for pass@k)', 1, 1, 200),
    h('label', { class: 'bench-field' }, 'Tasks', subsetKind),
    subsetN,
    from,
    to,
    seed,
    num('sandboxes', 'Parallel sandboxes', defaults.sandboxes, 1, 16),
    num('timeout', 'Time limit per run (s)', 3, 1, 120),
    h('label', { class: 'bench-field' }, 'Tests the model sees', visibleKind),
    visibleK,
  );
  form.addEventListener('submit', (e) => e.preventDefault());
  rememberForm(form);

  const value = (name: string): number => Number((form.elements.namedItem(name) as HTMLInputElement).value);
  return {
    element: form,
    read() {
      const fields: [string, string][] = [
        ['iterations', 'Iterations'],
        ['samples', 'Samples'],
        ['sandboxes', 'Parallel sandboxes'],
        ['timeout', 'Time limit'],
      ];
      for (const [name, label] of fields)
        if (!Number.isInteger(value(name)) || value(name) < 1) return `${label} must be a whole number of at least 1.`;
      if (visibleKind.value === 'first' && (!Number.isInteger(value('visible-k')) || value('visible-k') < 1))
        return 'K (the asserts the model sees) must be a whole number of at least 1.';
      if (dataset.value === 'file' && !questionsFile())
        return 'Choose a HumanEval, MBPP or MultiPL-E file, a classroom pack, or BIRD’s dev.json with its databases.';
      const kind = subsetKind.value;
      const subset: SubsetSpec =
        kind === 'first'
          ? { kind, n: value('count') }
          : kind === 'range'
            ? { kind, from: value('from'), to: value('to') }
            : kind === 'random'
              ? { kind, n: value('count'), seed: value('seed') }
              : { kind: 'all' };
      const name = strategy.value as StrategySettings['name'];
      return {
        dataset: dataset.value,
        file: questionsFile(),
        files: dataset.value === 'file' ? [...(file.files ?? []), ...(folder.files ?? [])] : [],
        strategy: name === 'best-of-n' || name === 'codet' ? { name, samples: value('candidates') } : { name },
        maxIterations: value('iterations'),
        samples: value('samples'),
        sandboxes: value('sandboxes'),
        timeoutSec: value('timeout'),
        visibleTests: visibleOf(visibleKind.value, value('visible-k')),
        subset,
      };
    },
    setEndpoint: (label) => setText(endpoint, label),
    setLocked(locked) {
      for (const el of Array.from(form.elements)) (el as HTMLInputElement).disabled = locked;
    },
  };
}
