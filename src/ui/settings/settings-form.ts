// Builds the settings form's elements; settings-view.ts gives them behaviour.
import { PRESETS } from '../../models/presets.ts';
import { h } from '../common/dom.ts';
import type { Field } from './settings-model.ts';

export interface SettingsForm {
  form: HTMLFormElement;
  preset: HTMLSelectElement;
  presetNote: HTMLElement;
  endpointPart: HTMLElement;
  baseUrl: HTMLInputElement;
  model: HTMLInputElement;
  modelList: HTMLDataListElement;
  loadModels: HTMLButtonElement;
  modelsStatus: HTMLElement;
  keyPart: HTMLFieldSetElement;
  pricesPart: HTMLFieldSetElement;
  keyLegend: HTMLElement;
  apiKey: HTMLInputElement;
  keyLink: HTMLAnchorElement;
  keyPlaces: HTMLInputElement[];
  keyWhere: HTMLElement;
  keyError: HTMLElement;
  forgetKey: HTMLButtonElement;
  temperature: HTMLInputElement;
  priceIn: HTMLInputElement;
  priceOut: HTMLInputElement;
  errors: Record<Field, HTMLElement>;
  test: HTMLButtonElement;
  stop: HTMLButtonElement;
  status: HTMLElement;
  statusDetail: HTMLElement;
  output: HTMLElement;
}

let counter = 0;

export function buildForm(): SettingsForm {
  const id = `fp-settings-${++counter}`;
  const error = (field: string): HTMLElement =>
    h('p', { class: 'fp-settings-error', id: `${id}-${field}-error`, hidden: true });
  const errors: Record<Field, HTMLElement> = {
    baseUrl: error('baseUrl'),
    model: error('model'),
    temperature: error('temperature'),
    priceInPerM: error('priceIn'),
    priceOutPerM: error('priceOut'),
  };
  const input = (name: string, attrs: Record<string, string> = {}): HTMLInputElement =>
    h('input', { name, id: `${id}-${name}`, 'aria-describedby': `${id}-${name}-error`, ...attrs });
  const label = (forName: string, text: string): HTMLLabelElement => h('label', { for: `${id}-${forName}` }, text);

  const preset = h(
    'select',
    { name: 'preset', id: `${id}-preset` },
    ...PRESETS.map((p) => h('option', { value: p.id }, p.label)),
  );
  const baseUrl = input('baseUrl', { type: 'url', inputmode: 'url', spellcheck: 'false', autocomplete: 'off' });
  const model = input('model', { list: `${id}-models`, spellcheck: 'false', autocomplete: 'off' });
  const modelList = h('datalist', { id: `${id}-models` });
  const apiKey = input('apiKey', { type: 'password', autocomplete: 'off', spellcheck: 'false' });
  const keyPlaces = (['session', 'local'] as const).map((v) =>
    h('input', { type: 'radio', name: 'keyPlace', value: v }),
  );
  const temperature = input('temperature', { inputmode: 'decimal', placeholder: "model's default" });
  const priceIn = input('priceInPerM', { inputmode: 'decimal', placeholder: 'e.g. 0.15' });
  const priceOut = input('priceOutPerM', { inputmode: 'decimal', placeholder: 'e.g. 0.60' });
  const f: Omit<SettingsForm, 'form' | 'endpointPart' | 'keyPart' | 'pricesPart'> = {
    preset,
    presetNote: h('p', { class: 'fp-settings-note' }),
    baseUrl,
    model,
    modelList,
    loadModels: h('button', { type: 'button' }, 'Load models'),
    modelsStatus: h('p', { class: 'fp-settings-note', 'aria-live': 'polite' }),
    keyLegend: h('legend', {}, 'API key'),
    apiKey,
    keyLink: h('a', { target: '_blank', rel: 'noopener noreferrer' }, 'Get a key'),
    keyPlaces,
    keyWhere: h('p', { class: 'fp-settings-note' }),
    keyError: h('p', { class: 'fp-settings-error', id: `${id}-apiKey-error`, hidden: true }),
    forgetKey: h('button', { type: 'button' }, 'Forget saved key'),
    temperature,
    priceIn,
    priceOut,
    errors,
    test: h('button', { type: 'button' }, 'Test connection'),
    stop: h('button', { type: 'button', hidden: true }, 'Stop'),
    status: h('p', { class: 'fp-settings-status', role: 'status' }),
    statusDetail: h('p', { class: 'fp-settings-note' }),
    output: h('pre', { class: 'fp-settings-output', hidden: true }),
  };
  const endpointPart = h(
    'div',
    { class: 'fp-settings-endpoint' },
    label('baseUrl', 'Base URL'),
    baseUrl,
    errors.baseUrl,
    label('model', 'Model'),
    model,
    modelList,
    f.loadModels,
    f.modelsStatus,
    errors.model,
  );
  const keyPart = h(
    'fieldset',
    { class: 'fp-settings-key' },
    f.keyLegend,
    apiKey,
    f.keyLink,
    h('label', {}, keyPlaces[0] as HTMLInputElement, ' Keep only for this session'),
    h('label', {}, keyPlaces[1] as HTMLInputElement, ' Save in this browser'),
    f.keyWhere,
    f.keyError,
    f.forgetKey,
  );
  const pricesPart = h(
    'fieldset',
    { class: 'fp-settings-prices' },
    h('legend', {}, 'Prices, for showing cost (optional)'),
    label('priceInPerM', '$ per million input tokens'),
    priceIn,
    errors.priceInPerM,
    label('priceOutPerM', '$ per million output tokens'),
    priceOut,
    errors.priceOutPerM,
  );
  const form = h(
    'form',
    { class: 'fp-settings', novalidate: true },
    label('preset', 'Model provider'),
    preset,
    f.presetNote,
    endpointPart,
    keyPart,
    label('temperature', 'Temperature'),
    temperature,
    errors.temperature,
    pricesPart,
    h('div', { class: 'fp-settings-actions' }, h('button', { type: 'submit' }, 'Save'), f.test, f.stop),
    f.status,
    f.statusDetail,
    f.output,
  );
  return { ...f, form, endpointPart, keyPart, pricesPart };
}
