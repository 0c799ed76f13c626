// A strategy picker: which strategy, its samples per round where it draws several, and tracing.
// The task panel has one and the strategy comparison one per side, so each takes an id prefix
// (ids and test ids stay unique on the page) and, where the choice should survive a reload, a
// localStorage key.
import { STRATEGIES } from '../../loop/strategies/registry.ts';
import {
  DEFAULT_SAMPLES,
  isStrategyName,
  STRATEGY_NAMES,
  type StrategySettings,
  usesSamples,
} from '../../shared/strategy.ts';
import { h, setText } from './dom.ts';

export interface StrategyPickerOptions {
  /** Prefix of every id and test id: 'strategy' gives #strategy-name, #strategy-samples, … */
  idPrefix: string;
  /** The fieldset's legend, and the start of its error sentence. */
  legend: string;
  /** The choice before the user makes one (or when the stored one cannot be read). */
  initial?: StrategySettings;
  /** Where the choice is remembered across reloads; without it, it holds for this page only. */
  storageKey?: string;
  class?: string;
}

export interface StrategyPicker {
  el: HTMLElement;
  value(): StrategySettings;
  /** A samples count that is not a whole number from 1 to 20, said as a sentence. */
  error(): string | undefined;
  setDisabled(disabled: boolean): void;
}

const DEFAULT: StrategySettings = { name: 'repair' };

/** The stored choice, read leniently: what is not ours falls back to `initial`, field by field. */
export function parseStoredStrategy(text: string | null, initial: StrategySettings = DEFAULT): StrategySettings {
  let raw: unknown = null;
  try {
    raw = JSON.parse(text ?? 'null');
  } catch {
    // Not JSON: someone else's text under our key.
  }
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof StrategySettings, unknown>>;
  const name = typeof r.name === 'string' && isStrategyName(r.name) ? r.name : initial.name;
  const samples = Number.isInteger(r.samples) ? (r.samples as number) : (initial.samples ?? DEFAULT_SAMPLES);
  const trace = typeof r.trace === 'boolean' ? r.trace : initial.trace === true;
  return { name, samples, trace };
}

function load(key: string | undefined, initial: StrategySettings): StrategySettings {
  if (key === undefined) return parseStoredStrategy(null, initial);
  try {
    return parseStoredStrategy(localStorage.getItem(key), initial);
  } catch {
    // Storage blocked: start from the initial choice.
    return parseStoredStrategy(null, initial);
  }
}

function save(key: string | undefined, s: StrategySettings): void {
  if (key === undefined) return;
  try {
    localStorage.setItem(key, JSON.stringify(s));
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

export function strategyPicker(o: StrategyPickerOptions): StrategyPicker {
  const id = (part: string): string => `${o.idPrefix}-${part}`;
  const initial = load(o.storageKey, o.initial ?? DEFAULT);
  const select = h(
    'select',
    { id: id('name'), 'data-testid': id('name'), 'aria-describedby': id('explanation') },
    ...STRATEGY_NAMES.map((n) => h('option', { value: n }, STRATEGIES[n].label)),
  );
  select.value = initial.name;
  const explanation = h('p', { id: id('explanation'), class: 'field-hint' });
  const samples = h('input', {
    id: id('samples'),
    'data-testid': id('samples'),
    type: 'number',
    min: '1',
    max: '20',
    step: '1',
  });
  samples.value = String(initial.samples ?? DEFAULT_SAMPLES);
  const samplesField = h('div', { class: 'field' }, h('label', { for: id('samples') }, 'Samples per round'), samples);
  const trace = h('input', { id: id('trace'), 'data-testid': id('trace'), type: 'checkbox' });
  trace.checked = initial.trace === true;

  const name = () => (isStrategyName(select.value) ? select.value : 'repair');
  const count = (): number => Number(samples.value);
  const value = (): StrategySettings => {
    const n = count();
    return {
      name: name(),
      ...(usesSamples(name()) && Number.isInteger(n) && n > 0 ? { samples: n } : {}),
      ...(trace.checked ? { trace: true } : {}),
    };
  };
  const error = (): string | undefined => {
    const n = count();
    if (!usesSamples(name()) || (Number.isInteger(n) && n >= 1 && n <= 20)) return undefined;
    return `${o.legend}: samples per round should be a whole number from 1 to 20.`;
  };
  const update = (): void => {
    setText(explanation, STRATEGIES[name()].explanation);
    samplesField.hidden = !usesSamples(name());
    // The samples count is kept even for a strategy that draws one, so switching back finds it.
    save(o.storageKey, { name: name(), samples: count() || DEFAULT_SAMPLES, trace: trace.checked });
  };
  // 'input' as well as 'change': a number typed and then a reload, with no blur between, is kept.
  for (const input of [select, samples, trace])
    for (const type of ['input', 'change']) input.addEventListener(type, update);
  update();

  return {
    el: h(
      'fieldset',
      { class: o.class },
      h('legend', null, o.legend),
      h('div', { class: 'field' }, h('label', { for: id('name') }, 'Strategy'), select),
      explanation,
      samplesField,
      h('div', { class: 'field field-check' }, trace, h('label', { for: id('trace') }, 'Trace the first failing test')),
    ),
    value,
    error,
    setDisabled(disabled) {
      for (const input of [select, samples, trace]) input.disabled = disabled;
    },
  };
}
