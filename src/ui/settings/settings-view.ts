// The endpoint settings view: plain DOM, no framework. The page mounts it and receives the
// saved settings; the key itself goes only to the key store.
import { createModelClient } from '../../models/create-client.ts';
import type { KeyStore } from '../../models/keys.ts';
import type { PresetId } from '../../models/presets.ts';
import type { EndpointConfig, ModelClient } from '../../shared/model.ts';
import type { ConnectionReport } from './connection-test.ts';
import { loadModelList, runConnectionTest, saveSettings } from './settings-actions.ts';
import { createLocalModelPanel } from '../local-model/local-model-panel.ts';
import { buildForm } from './settings-form.ts';
import { applyPreset, draftFor, draftFrom } from './settings-model.ts';
import type { EndpointSettings, Validation } from './settings-model.ts';
import { fillForm, readDraft, readValidated, refreshForm, setStatus, type SettingsState } from './settings-state.ts';

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
  const s: SettingsState = {
    f: buildForm(),
    keys: opts.keys,
    makeClient: opts.createClient ?? ((c: EndpointConfig) => createModelClient(c)),
    running: undefined,
  };
  const localPanel = createLocalModelPanel({
    selected: () => s.f.model.value,
    onSelect: (id) => (s.f.model.value = id),
  });
  s.localPanel = localPanel;
  s.f.presetNote.after(localPanel.root);
  const save = (): boolean => saveSettings(s, opts.onSave);
  listen(s, save);
  fillForm(s, opts.initial ? draftFrom(opts.initial) : draftFor(opts.defaultPreset ?? 'demo'));
  root.append(s.f.form);

  return {
    read: () => readValidated(s.f),
    save,
    testConnection: () => runConnectionTest(s),
    loadModels: () => loadModelList(s),
    destroy() {
      s.running?.abort();
      localPanel.destroy();
      s.f.form.remove();
    },
  };
}

/** Gives the form's controls their behaviour. */
function listen(s: SettingsState, save: () => boolean): void {
  const { f } = s;
  const refresh = (): void => refreshForm(s);
  f.preset.addEventListener('change', () => fillForm(s, applyPreset(readDraft(f), f.preset.value as PresetId)));
  for (const input of [f.baseUrl, f.apiKey, ...f.keyPlaces]) input.addEventListener('input', refresh);
  for (const r of f.keyPlaces) r.addEventListener('change', refresh);
  f.form.addEventListener('submit', (e) => {
    e.preventDefault();
    save();
  });
  f.test.addEventListener('click', () => void runConnectionTest(s));
  f.stop.addEventListener('click', () => s.running?.abort());
  f.loadModels.addEventListener('click', () => void loadModelList(s));
  f.forgetKey.addEventListener('click', () => {
    s.keys.remove(f.baseUrl.value);
    refresh();
    setStatus(f, 'The saved key for this endpoint was removed.');
  });
}
