// The settings form's state: what is typed in it as a draft, the draft put back into it, and what
// it shows about the chosen preset and the key.
import { describeKeyPlace } from '../../models/keys.ts';
import type { KeyStore } from '../../models/keys.ts';
import type { PresetId } from '../../models/presets.ts';
import type { EndpointConfig, ModelClient } from '../../shared/model.ts';
import { setFieldError, show } from '../common/dom.ts';
import type { LocalModelPanel } from '../local-model/local-model-panel.ts';
import type { SettingsForm } from './settings-form.ts';
import { presetOrCustom, validate, validateUrl } from './settings-model.ts';
import type { Field, SettingsDraft, Validation } from './settings-model.ts';

/** One mounted settings view: its elements, where keys go, and the call in flight. */
export interface SettingsState {
  f: SettingsForm;
  keys: KeyStore;
  makeClient: (config: EndpointConfig) => ModelClient;
  /** The connection test running now; a new test, another preset or closing the view stops it. */
  running: AbortController | undefined;
  /** The in-page model's stored files and download; shown for that provider only. */
  localPanel?: LocalModelPanel;
}

export function readDraft(f: SettingsForm): SettingsDraft {
  const place = f.keyPlaces.find((r) => r.checked)?.value === 'local' ? 'local' : 'session';
  return {
    preset: f.preset.value as PresetId,
    baseUrl: f.baseUrl.value,
    model: f.model.value,
    apiKey: f.apiKey.value,
    keyPlace: place,
    temperature: f.temperature.value,
    priceInPerM: f.priceIn.value,
    priceOutPerM: f.priceOut.value,
  };
}

export function fillForm(s: SettingsState, d: SettingsDraft): void {
  const { f } = s;
  f.preset.value = d.preset;
  f.baseUrl.value = d.baseUrl;
  f.model.value = d.model;
  f.apiKey.value = d.apiKey;
  for (const r of f.keyPlaces) r.checked = r.value === d.keyPlace;
  f.temperature.value = d.temperature;
  f.priceIn.value = d.priceInPerM;
  f.priceOut.value = d.priceOutPerM;
  f.modelList.replaceChildren();
  f.modelsStatus.textContent = '';
  // A result shown for the previous endpoint says nothing about this one.
  s.running?.abort();
  setStatus(f, '');
  show(f.output, false);
  refreshForm(s);
  if (presetOrCustom(d.preset).provider === 'local') void s.localPanel?.refresh();
}

export function setStatus(f: SettingsForm, headline: string, detail = ''): void {
  f.status.textContent = headline;
  f.statusDetail.textContent = detail;
}

/** Visibility and the sentence about the key follow the preset and the address. */
export function refreshForm(s: SettingsState): void {
  const { f, keys } = s;
  const d = readDraft(f);
  const p = presetOrCustom(d.preset);
  const demo = p.provider === 'demo';
  const inPage = demo || p.provider === 'local';
  show(f.endpointPart, !inPage);
  show(f.keyPart, !inPage && p.needsKey !== false);
  show(f.pricesPart, !inPage);
  if (s.localPanel) show(s.localPanel.root, p.provider === 'local');
  f.presetNote.textContent = demo
    ? 'Runs in this page with no key and no network. It only knows the bundled example tasks: a first attempt with a bug, then a repair.'
    : p.provider === 'local'
      ? 'Runs a GGUF model inside this page (llama.cpp as WebAssembly): no server and, once the model is stored, no network.'
      : p.local
        ? 'Runs on your own machine.'
        : '';
  f.baseUrl.placeholder = p.id === 'custom' ? 'https://your-server.example/v1' : p.baseUrl;
  f.keyLegend.textContent = p.needsKey === 'optional' ? 'API key (only if the server was started with one)' : 'API key';
  show(f.keyLink, p.keyUrl !== undefined);
  if (p.keyUrl) f.keyLink.href = p.keyUrl;
  const stored = validateUrl(d.baseUrl) === undefined ? keys.place(d.baseUrl) : undefined;
  f.apiKey.placeholder = stored ? 'A key is saved for this endpoint; type to replace it' : '';
  show(f.forgetKey, stored !== undefined);
  const pending = d.apiKey.trim() !== '' || (stored !== undefined && stored !== d.keyPlace);
  f.keyWhere.textContent = pending
    ? `When you save: ${describeKeyPlace(d.keyPlace, d.baseUrl)}`
    : describeKeyPlace(stored, d.baseUrl);
}

/** The form's inputs that validation speaks of. */
function fieldInputs(f: SettingsForm): Record<Field, HTMLElement> {
  return {
    baseUrl: f.baseUrl,
    model: f.model,
    temperature: f.temperature,
    priceInPerM: f.priceIn,
    priceOutPerM: f.priceOut,
  };
}

/** The form's values, validated, with each field's error shown beside it. */
export function readValidated(f: SettingsForm): Validation {
  const v = validate(readDraft(f));
  const errs = v.ok ? {} : v.errors;
  const inputs = fieldInputs(f);
  for (const field of Object.keys(inputs) as Field[]) setFieldError(inputs[field], f.errors[field], errs[field]);
  return v;
}

/**
 * The status line for a form that cannot be used yet. A field's error beside a field that is not
 * on show (the model name, for a model inside the page) would go unseen, so it is said here.
 */
export function invalidStatus(f: SettingsForm, v: Validation, lead: string): string {
  if (v.ok) return lead;
  const inputs = fieldInputs(f);
  const unseen = (Object.keys(v.errors) as Field[]).find((k) => inputs[k].closest('[hidden]') !== null);
  return unseen ? `${lead}: ${v.errors[unseen]}` : `${lead}: correct the fields marked above.`;
}
