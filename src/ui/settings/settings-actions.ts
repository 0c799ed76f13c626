// What the settings view's buttons do: save (the key to the key store, the rest to the page),
// test the connection, and load the endpoint's model list.
import { isModelError } from '../../models/errors.ts';
import { errorMessage } from '../../shared/error-message.ts';
import type { EndpointConfig } from '../../shared/model.ts';
import { h, setFieldError, show } from '../common/dom.ts';
import { plural } from '../../shared/format.ts';
import { describeReport, testConnection } from './connection-test.ts';
import type { ConnectionReport } from './connection-test.ts';
import type { EndpointSettings } from './settings-model.ts';
import { presetOrCustom, validateUrl } from './settings-model.ts';
import {
  invalidStatus,
  readDraft,
  readValidated,
  refreshForm,
  setStatus,
  type SettingsState,
} from './settings-state.ts';

/** The config to call with: the typed key if any, else the one saved for this origin. */
function callConfig(s: SettingsState, config: EndpointConfig): EndpointConfig {
  const typed = s.f.apiKey.value.trim();
  const key = typed !== '' ? typed : s.keys.get(config.baseUrl);
  return key === undefined ? config : { ...config, apiKey: key };
}

export function saveSettings(s: SettingsState, onSave?: (settings: EndpointSettings) => void): boolean {
  const { f, keys } = s;
  const v = readValidated(f);
  setFieldError(f.apiKey, f.keyError, undefined);
  if (!v.ok) {
    setStatus(f, invalidStatus(f, v, 'Nothing was saved'));
    return false;
  }
  const d = readDraft(f);
  const base = v.value.config.baseUrl;
  try {
    const typed = d.apiKey.trim();
    const existing = keys.get(base);
    if (typed !== '') keys.set(base, typed, d.keyPlace);
    else if (existing !== undefined && keys.place(base) !== d.keyPlace) keys.set(base, existing, d.keyPlace);
  } catch (e) {
    setFieldError(f.apiKey, f.keyError, errorMessage(e));
    setStatus(f, 'Nothing was saved: the key could not be stored.');
    return false;
  }
  // The key has gone to the store; it does not stay in the page's form.
  f.apiKey.value = '';
  refreshForm(s);
  onSave?.(v.value);
  setStatus(f, 'Saved.');
  return true;
}

export async function runConnectionTest(s: SettingsState): Promise<ConnectionReport | undefined> {
  const { f } = s;
  const v = readValidated(f);
  if (!v.ok) {
    setStatus(f, invalidStatus(f, v, 'Cannot test yet'));
    return undefined;
  }
  s.running?.abort();
  const ac = new AbortController();
  s.running = ac;
  show(f.stop, true);
  f.test.disabled = true;
  f.output.textContent = '';
  show(f.output, true);
  setStatus(f, 'Testing the connection…');
  const client = s.makeClient(callConfig(s, v.value.config));
  const report = await testConnection(client, { signal: ac.signal, onText: (t) => (f.output.textContent = t) });
  if (s.running === ac) {
    s.running = undefined;
    show(f.stop, false);
    f.test.disabled = false;
  }
  const text = describeReport(report);
  setStatus(f, text.headline, text.detail);
  return report;
}

export async function loadModelList(s: SettingsState): Promise<string[] | undefined> {
  const { f } = s;
  // Only the address matters for the list: an empty model name is what the list is for.
  const urlError = validateUrl(f.baseUrl.value);
  setFieldError(f.baseUrl, f.errors.baseUrl, urlError);
  if (urlError) return undefined;
  const draft = readDraft(f);
  const p = presetOrCustom(draft.preset);
  const config: EndpointConfig = {
    provider: p.provider,
    preset: p.id,
    baseUrl: draft.baseUrl.trim(),
    model: draft.model.trim(),
  };
  f.modelsStatus.textContent = 'Loading the model list…';
  try {
    const models = await s.makeClient(callConfig(s, config)).listModels();
    f.modelList.replaceChildren(...models.map((m) => h('option', { value: m })));
    // The endpoint answered: an earlier failure (a refused save, a failed test) no longer stands.
    setFieldError(f.model, f.errors.model, undefined);
    setStatus(f, '');
    f.modelsStatus.textContent =
      models.length > 0
        ? `${plural(models.length, 'model')} available: pick one or type a name.`
        : 'The endpoint listed no models; type the model name.';
    return models;
  } catch (e) {
    f.modelsStatus.textContent = isModelError(e)
      ? `Could not load the list (${e.message}) ${e.hint ?? ''} You can still type a model name.`
      : 'Could not load the list; you can still type a model name.';
    return undefined;
  }
}
