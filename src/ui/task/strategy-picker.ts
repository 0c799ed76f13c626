// The loop's strategy: which one, its candidates per round where it draws several, and tracing.
// The choice is remembered in localStorage, so a reload keeps it.
import { STRATEGIES } from '../../loop/strategies/registry.ts';
import {
  DEFAULT_SAMPLES,
  isStrategyName,
  STRATEGY_NAMES,
  type StrategySettings,
  usesSamples,
} from '../../shared/strategy.ts';
import { h, setText } from '../common/dom.ts';

const KEY = 'fixpoint.strategy';

export interface StrategyPicker {
  el: HTMLElement;
  value(): StrategySettings;
  setDisabled(disabled: boolean): void;
}

function load(): StrategySettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<StrategySettings>;
    const name = typeof raw.name === 'string' && isStrategyName(raw.name) ? raw.name : 'repair';
    const samples = typeof raw.samples === 'number' && Number.isInteger(raw.samples) ? raw.samples : DEFAULT_SAMPLES;
    return { name, samples, trace: raw.trace === true };
  } catch {
    // Storage blocked or the stored text is not ours: start from the default.
    return { name: 'repair', samples: DEFAULT_SAMPLES, trace: false };
  }
}

function save(s: StrategySettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

export function strategyPicker(): StrategyPicker {
  const initial = load();
  const select = h(
    'select',
    { id: 'strategy-name', 'aria-describedby': 'strategy-explanation' },
    ...STRATEGY_NAMES.map((n) => h('option', { value: n }, STRATEGIES[n].label)),
  );
  select.value = initial.name;
  const explanation = h('p', { id: 'strategy-explanation', class: 'field-hint' });
  const samples = h('input', { id: 'strategy-samples', type: 'number', min: '1', max: '20', step: '1' });
  samples.value = String(initial.samples ?? DEFAULT_SAMPLES);
  const samplesField = h(
    'div',
    { class: 'field' },
    h('label', { for: 'strategy-samples' }, 'Samples per round'),
    samples,
  );
  const trace = h('input', { id: 'strategy-trace', type: 'checkbox' });
  trace.checked = initial.trace === true;

  const value = (): StrategySettings => {
    const name = isStrategyName(select.value) ? select.value : 'repair';
    const n = Number(samples.value);
    return {
      name,
      ...(usesSamples(name) && Number.isInteger(n) && n > 0 ? { samples: n } : {}),
      ...(trace.checked ? { trace: true } : {}),
    };
  };
  const update = (): void => {
    const name = isStrategyName(select.value) ? select.value : 'repair';
    setText(explanation, STRATEGIES[name].explanation);
    samplesField.hidden = !usesSamples(name);
    save({ ...value(), samples: Number(samples.value) || DEFAULT_SAMPLES });
  };
  for (const input of [select, samples, trace]) input.addEventListener('change', update);
  update();

  const el = h(
    'fieldset',
    { class: 'task-strategy' },
    h('legend', null, 'Strategy'),
    h('div', { class: 'field' }, h('label', { for: 'strategy-name' }, 'Strategy'), select),
    explanation,
    samplesField,
    h('div', { class: 'field' }, trace, h('label', { for: 'strategy-trace' }, 'Trace the first failing test')),
  );
  return {
    el,
    value,
    setDisabled(disabled) {
      for (const input of [select, samples, trace]) input.disabled = disabled;
    },
  };
}
