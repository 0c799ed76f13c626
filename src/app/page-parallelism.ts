// The page's side of the sandbox rule: cores from navigator.hardwareConcurrency and memory from
// navigator.deviceMemory (Chromium only, in GB, rounded and capped at 8) where the browser says.
import { defaultSandboxes } from '../shared/parallelism.ts';

export function pageSandboxes(nav: { hardwareConcurrency?: number; deviceMemory?: number } = navigator): number {
  const gb = nav.deviceMemory;
  return defaultSandboxes({
    cores: nav.hardwareConcurrency ?? 1,
    memoryBytes: typeof gb === 'number' && gb > 0 ? gb * 2 ** 30 : undefined,
  });
}
