// The endpoint the page talks to, remembered across reloads. Everything but the key lives in
// localStorage; the key has its own store (src/models/keys.ts) where the user chose to keep it.
import { DEMO_LABEL } from '../models/demo.ts';
import { getPreset, presetFor } from '../models/presets.ts';
import type { ProviderKind } from '../shared/model.ts';
import type { EndpointSettings } from '../ui/settings/settings-model.ts';

const STORAGE_KEY = 'fixpoint.endpoint';

/** Dispatched on the page's root when new settings are saved, for views that show the endpoint. */
export const ENDPOINT_CHANGED = 'fixpoint:endpoint-changed';
const PROVIDERS: readonly ProviderKind[] = ['openai', 'anthropic', 'ollama', 'demo', 'local'];

/** A fresh page talks to the offline demo model: it works with no key and no network. */
function demoSettings(): EndpointSettings {
  const demo = getPreset('demo');
  return {
    config: {
      provider: 'demo',
      preset: 'demo',
      baseUrl: demo?.baseUrl ?? 'demo:',
      model: demo?.defaultModel ?? 'demo',
    },
    keyPlace: 'session',
  };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Settings written by an older page, or edited by hand, are checked field by field. */
function parse(raw: unknown): EndpointSettings | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { config, keyPlace, temperature } = raw as Record<string, unknown>;
  if (typeof config !== 'object' || config === null) return undefined;
  const c = config as Record<string, unknown>;
  if (!PROVIDERS.includes(c.provider as ProviderKind) || typeof c.baseUrl !== 'string' || typeof c.model !== 'string')
    return undefined;
  const out: EndpointSettings = {
    config: { provider: c.provider as ProviderKind, baseUrl: c.baseUrl, model: c.model },
    keyPlace: keyPlace === 'local' ? 'local' : 'session',
  };
  if (typeof c.preset === 'string') out.config.preset = c.preset;
  const pin = num(c.priceInPerM);
  const pout = num(c.priceOutPerM);
  if (pin !== undefined) out.config.priceInPerM = pin;
  if (pout !== undefined) out.config.priceOutPerM = pout;
  const t = num(temperature);
  if (t !== undefined) out.temperature = t;
  return out;
}

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

export function loadEndpointSettings(): EndpointSettings {
  try {
    const text = storage()?.getItem(STORAGE_KEY);
    return (text ? parse(JSON.parse(text)) : undefined) ?? demoSettings();
  } catch {
    return demoSettings();
  }
}

/** Returns a sentence when the browser refused to remember them (they still apply to this page). */
export function saveEndpointSettings(s: EndpointSettings): string | undefined {
  // Never the key, whatever the caller passed in.
  const { apiKey: _key, ...config } = s.config;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ ...s, config }));
    return undefined;
  } catch {
    return 'The browser did not let the page remember these settings; they apply until you reload.';
  }
}

/** What the header shows: which endpoint and model a run will use. */
export function endpointLabel(s: EndpointSettings): string {
  const c = s.config;
  if (c.provider === 'demo') return DEMO_LABEL;
  if (c.provider === 'local') return `In this page · ${c.model}`;
  let host = c.baseUrl;
  try {
    host = new URL(c.baseUrl).host;
  } catch {
    // Shown as typed.
  }
  return `${presetFor(c).label} · ${c.model} · ${host}`;
}
