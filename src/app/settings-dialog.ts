// The settings dialog: a fresh form each time it opens (an unsaved, half-typed draft is not kept
// behind the user's back), saved settings remembered without the key, the header kept current.
import type { KeyStore } from '../models/keys.ts';
import { mountSettings, type SettingsHandle } from '../ui/settings/settings-view.ts';
import type { EndpointSettings } from '../ui/settings/settings-model.ts';
import { createDialog, type Dialog } from '../ui/common/dialog.ts';
import { saveEndpointSettings } from './endpoint-settings.ts';

export interface SettingsDialogOptions {
  keys: KeyStore;
  current(): EndpointSettings;
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
        opts.onSaved(settings, saveEndpointSettings(settings));
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
