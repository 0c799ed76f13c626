// One side of a strategy comparison: which strategy, its samples per round where it draws
// several, and tracing. Like the task panel's picker, with ids of its own so both sides can be
// on the page at once.
import { STRATEGIES } from '../../loop/strategies/registry.ts';
import {
  DEFAULT_SAMPLES,
  isStrategyName,
  STRATEGY_NAMES,
  type StrategySettings,
  usesSamples,
} from '../../shared/strategy.ts';
import { h } from '../common/dom.ts';

export interface SidePicker {
  el: HTMLElement;
  value(): StrategySettings;
  /** A samples count that is not a whole number from 1 to 20, said as a sentence. */
  error(): string | undefined;
  setDisabled(disabled: boolean): void;
}

export function sidePicker(letter: string, initial: StrategySettings): SidePicker {
  const id = `compare-${letter.toLowerCase()}`;
  const select = h(
    'select',
    { id: `${id}-name`, 'data-testid': `${id}-name` },
    ...STRATEGY_NAMES.map((n) => h('option', { value: n }, STRATEGIES[n].label)),
  );
  select.value = initial.name;
  const samples = h('input', {
    id: `${id}-samples`,
    'data-testid': `${id}-samples`,
    type: 'number',
    min: '1',
    max: '20',
    step: '1',
    value: String(initial.samples ?? DEFAULT_SAMPLES),
  });
  const samplesField = h('div', { class: 'field' }, h('label', { for: `${id}-samples` }, 'Samples per round'), samples);
  const trace = h('input', { id: `${id}-trace`, type: 'checkbox' });
  trace.checked = initial.trace === true;
  const name = () => (isStrategyName(select.value) ? select.value : 'repair');
  const update = (): void => void (samplesField.hidden = !usesSamples(name()));
  select.addEventListener('change', update);
  update();

  const count = (): number => Number(samples.value);
  const error = (): string | undefined => {
    const n = count();
    if (!usesSamples(name()) || (Number.isInteger(n) && n >= 1 && n <= 20)) return undefined;
    return `Strategy ${letter}: samples per round should be a whole number from 1 to 20.`;
  };
  return {
    el: h(
      'fieldset',
      { class: 'compare-side' },
      h('legend', null, `Strategy ${letter}`),
      h('div', { class: 'field' }, h('label', { for: `${id}-name` }, 'Strategy'), select),
      samplesField,
      h('div', { class: 'field' }, trace, h('label', { for: `${id}-trace` }, 'Trace the first failing test')),
    ),
    value: () => ({
      name: name(),
      ...(usesSamples(name()) ? { samples: count() } : {}),
      ...(trace.checked ? { trace: true } : {}),
    }),
    error,
    setDisabled(disabled) {
      for (const input of [select, samples, trace]) input.disabled = disabled;
    },
  };
}
