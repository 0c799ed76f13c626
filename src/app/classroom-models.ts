// The classroom's model: whatever the loop page is set to use (Settings there), key included.
import { createKeyStore, withKey } from '../models/keys.ts';
import type { ClassroomModels } from '../ui/classroom/models.ts';
import { endpointLabel, loadEndpointSettings } from './endpoint-settings.ts';

export function classroomModels(): ClassroomModels {
  const keys = createKeyStore();
  return {
    endpoint: () => withKey(loadEndpointSettings().config, keys),
    label: () => endpointLabel(loadEndpointSettings()),
  };
}
