// The endpoint settings view: plain DOM, no framework. The page mounts it and receives the
// saved settings; the key itself goes only to the key store.
import { createModelClient } from '../../models/index.ts';
import { describeKeyPlace } from '../../models/keys.ts';
import type { KeyStore } from '../../models/keys.ts';
import { isModelError } from '../../models/errors.ts';
import type { PresetId } from '../../models/presets.ts';
import type { EndpointConfig, ModelClient } from '../../shared/model.ts';
import { describeReport, testConnection } from './connection-test.ts';
import type { ConnectionReport } from './connection-test.ts';
import { setFieldError, show } from './dom.ts';
import { buildForm } from './settings-form.ts';
import { createLocalModelPanel } from '../local-model/local-model-panel.ts';
import { applyPreset, draftFor, draftFrom, presetOrCustom, validate, validateUrl } from './settings-model.ts';
import type { EndpointSettings, Field, SettingsDraft, Validation } from './settings-model.ts';

export interface MountSettingsOptions {
  keys: KeyStore;
  /** Settings saved earlier; without them the form starts on `defaultPreset` (the demo model). */
  initial?: EndpointSettings;
  defaultPreset?: PresetId;
  /** Called after a successful save, with settings that never include the key. */
  onSave?: (settings: EndpointSettings) => void;
  /** Defaults to createModelClient; a page or test may inject its own. */
  createClient?: (config: EndpointConfig) => ModelClient;
}

export interface SettingsHandle {
  /** The form's values, validated, with errors shown; nothing is saved. */
  read(): Validation;
  save(): boolean;
  testConnection(): Promise<ConnectionReport | undefined>;
  loadModels(): Promise<string[] | undefined>;
  destroy(): void;
}

export function mountSettings(root: HTMLElement, opts: MountSettingsOptions): SettingsHandle {
  const doc = root.ownerDocument;
  const f = buildForm(doc);
  const keys = opts.keys;
  const makeClient = opts.createClient ?? ((c: EndpointConfig) => createModelClient(c));
  let running: AbortController | undefined;
  const localPanel = createLocalModelPanel(doc, {
    selected: () => f.model.value,
    onSelect: (id) => (f.model.value = id),
  });
  f.presetNote.after(localPanel.root);

  function readDraft(): SettingsDraft {
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

  function fill(d: SettingsDraft): void {
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
    running?.abort();
    status('');
    show(f.output, false);
    refresh();
    if (presetOrCustom(d.preset).provider === 'local') void localPanel.refresh();
  }

  function status(headline: string, detail = ''): void {
    f.status.textContent = headline;
    f.statusDetail.textContent = detail;
  }

  /** Visibility and the sentence about the key follow the preset and the address. */
  function refresh(): void {
    const d = readDraft();
    const p = presetOrCustom(d.preset);
    const demo = p.provider === 'demo';
    const inPage = demo || p.provider === 'local';
    show(f.endpointPart, !inPage);
    show(f.keyPart, !inPage && p.needsKey !== false);
    show(f.pricesPart, !inPage);
    show(localPanel.root, p.provider === 'local');
    f.presetNote.textContent = demo
      ? 'Runs in this page with no key and no network. It only knows the bundled example tasks: a first attempt with a bug, then a repair.'
      : p.provider === 'local'
        ? 'Runs a GGUF model inside this page (llama.cpp as WebAssembly): no server and, once the model is stored, no network.'
        : p.local
          ? 'Runs on your own machine.'
          : '';
    f.baseUrl.placeholder = p.id === 'custom' ? 'https://your-server.example/v1' : p.baseUrl;
    f.keyLegend.textContent =
      p.needsKey === 'optional' ? 'API key (only if the server was started with one)' : 'API key';
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

  function showErrors(v: Validation): void {
    const errs = v.ok ? {} : v.errors;
    const inputs: Record<Field, HTMLElement> = {
      baseUrl: f.baseUrl,
      model: f.model,
      temperature: f.temperature,
      priceInPerM: f.priceIn,
      priceOutPerM: f.priceOut,
    };
    for (const field of Object.keys(inputs) as Field[]) setFieldError(inputs[field], f.errors[field], errs[field]);
  }

  function read(): Validation {
    const v = validate(readDraft());
    showErrors(v);
    return v;
  }

  /** The config to call with: the typed key if any, else the one saved for this origin. */
  function callConfig(config: EndpointConfig): EndpointConfig {
    const typed = f.apiKey.value.trim();
    const key = typed !== '' ? typed : keys.get(config.baseUrl);
    return key === undefined ? config : { ...config, apiKey: key };
  }

  function save(): boolean {
    const v = read();
    setFieldError(f.apiKey, f.keyError, undefined);
    if (!v.ok) {
      status('Nothing was saved: correct the fields marked above.');
      return false;
    }
    const d = readDraft();
    const base = v.value.config.baseUrl;
    try {
      const typed = d.apiKey.trim();
      const existing = keys.get(base);
      if (typed !== '') keys.set(base, typed, d.keyPlace);
      else if (existing !== undefined && keys.place(base) !== d.keyPlace) keys.set(base, existing, d.keyPlace);
    } catch (e) {
      setFieldError(f.apiKey, f.keyError, e instanceof Error ? e.message : String(e));
      status('Nothing was saved: the key could not be stored.');
      return false;
    }
    // The key has gone to the store; it does not stay in the page's form.
    f.apiKey.value = '';
    refresh();
    opts.onSave?.(v.value);
    status('Saved.');
    return true;
  }

  async function runTest(): Promise<ConnectionReport | undefined> {
    const v = read();
    if (!v.ok) {
      status('Cannot test yet: correct the fields marked above.');
      return undefined;
    }
    running?.abort();
    const ac = new AbortController();
    running = ac;
    show(f.stop, true);
    f.test.disabled = true;
    f.output.textContent = '';
    show(f.output, true);
    status('Testing the connection…');
    const client = makeClient(callConfig(v.value.config));
    const report = await testConnection(client, { signal: ac.signal, onText: (t) => (f.output.textContent = t) });
    if (running === ac) {
      running = undefined;
      show(f.stop, false);
      f.test.disabled = false;
    }
    const text = describeReport(report);
    status(text.headline, text.detail);
    return report;
  }

  async function loadModels(): Promise<string[] | undefined> {
    const v = read();
    if (!v.ok && v.errors.baseUrl) return undefined;
    const draft = readDraft();
    const p = presetOrCustom(draft.preset);
    const config: EndpointConfig = {
      provider: p.provider,
      preset: p.id,
      baseUrl: draft.baseUrl.trim(),
      model: draft.model.trim(),
    };
    f.modelsStatus.textContent = 'Loading the model list…';
    try {
      const models = await makeClient(callConfig(config)).listModels();
      f.modelList.replaceChildren(...models.map((m) => Object.assign(doc.createElement('option'), { value: m })));
      f.modelsStatus.textContent =
        models.length > 0
          ? `${models.length} model${models.length === 1 ? '' : 's'} available: pick one or type a name.`
          : 'The endpoint listed no models; type the model name.';
      return models;
    } catch (e) {
      f.modelsStatus.textContent = isModelError(e)
        ? `Could not load the list (${e.message}) ${e.hint ?? ''} You can still type a model name.`
        : 'Could not load the list; you can still type a model name.';
      return undefined;
    }
  }

  f.preset.addEventListener('change', () => fill(applyPreset(readDraft(), f.preset.value as PresetId)));
  for (const input of [f.baseUrl, f.apiKey, ...f.keyPlaces]) input.addEventListener('input', refresh);
  for (const r of f.keyPlaces) r.addEventListener('change', refresh);
  f.form.addEventListener('submit', (e) => {
    e.preventDefault();
    save();
  });
  f.test.addEventListener('click', () => void runTest());
  f.stop.addEventListener('click', () => running?.abort());
  f.loadModels.addEventListener('click', () => void loadModels());
  f.forgetKey.addEventListener('click', () => {
    keys.remove(f.baseUrl.value);
    refresh();
    status('The saved key for this endpoint was removed.');
  });

  fill(opts.initial ? draftFrom(opts.initial) : draftFor(opts.defaultPreset ?? 'demo'));
  root.append(f.form);

  return {
    read,
    save,
    testConnection: runTest,
    loadModels,
    destroy() {
      running?.abort();
      localPanel.destroy();
      f.form.remove();
    },
  };
}
