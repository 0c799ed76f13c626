// The settings dialog: a fresh form each time it opens (an unsaved, half-typed draft is not kept
// behind the user's back), saved settings remembered without the key, the header kept current.
import type { KeyStore } from '../../models/keys.ts';
import { mountSettings, type SettingsHandle } from './settings-view.ts';
import type { EndpointSettings } from './settings-model.ts';
import { createDialog, type Dialog } from '../common/dialog.ts';

export interface SettingsDialogOptions {
  keys: KeyStore;
  current(): EndpointSettings;
  /** Keeps the settings across reloads (src/app/endpoint-settings.ts); a warning when the browser would not. */
  save(settings: EndpointSettings): string | undefined;
  /** The new settings apply from the next run; `warning` when the browser would not keep them. */
  onSaved(settings: EndpointSettings, warning: string | undefined): void;
}

export function createSettingsDialog(opts: SettingsDialogOptions): Dialog {
  let form: SettingsHandle | undefined;
  const dialog = createDialog('Settings', 'settings-dialog', () => {
    form?.destroy();
    form = mountSettings(dialog.body, {
      keys: opts.keys,
      initial: opts.current(),
      onSave(settings) {
        opts.onSaved(settings, opts.save(settings));
        dialog.close();
      },
    });
  });
  dialog.onClose(() => {
    form?.destroy();
    form = undefined;
  });
  return dialog;
}
