// The settings form as data: defaults per preset, and validation that says what is wrong.
import { getPreset, PRESETS } from '../../models/presets.ts';
import type { Preset, PresetId } from '../../models/presets.ts';
import type { KeyPlace } from '../../models/keys.ts';
import type { EndpointConfig } from '../../shared/model.ts';

/** What the form holds, as typed (strings), before validation. */
export interface SettingsDraft {
  preset: PresetId;
  baseUrl: string;
  model: string;
  /** Typed into the field now; empty means "keep the saved one, if any". */
  apiKey: string;
  keyPlace: KeyPlace;
  temperature: string;
  priceInPerM: string;
  priceOutPerM: string;
}

/** What is saved and handed to the app: never the key. */
export interface EndpointSettings {
  config: EndpointConfig;
  temperature?: number;
  keyPlace: KeyPlace;
}

export type Field = 'baseUrl' | 'model' | 'temperature' | 'priceInPerM' | 'priceOutPerM';

export type Validation = { ok: true; value: EndpointSettings } | { ok: false; errors: Partial<Record<Field, string>> };

export function presetOrCustom(id: string | undefined): Preset {
  return getPreset(id) ?? (getPreset('custom') as Preset);
}

export function draftFor(presetId: PresetId, keyPlace: KeyPlace = 'session'): SettingsDraft {
  const p = presetOrCustom(presetId);
  return {
    preset: p.id,
    baseUrl: p.baseUrl,
    model: p.defaultModel ?? '',
    apiKey: '',
    keyPlace,
    temperature: '',
    priceInPerM: '',
    priceOutPerM: '',
  };
}

/** Settings saved earlier, back into a draft. */
export function draftFrom(saved: EndpointSettings): SettingsDraft {
  const c = saved.config;
  const preset =
    getPreset(c.preset)?.id ??
    PRESETS.find((p) => p.provider === c.provider && p.baseUrl === c.baseUrl)?.id ??
    'custom';
  return {
    preset,
    baseUrl: c.baseUrl,
    model: c.model,
    apiKey: '',
    keyPlace: saved.keyPlace,
    temperature: saved.temperature === undefined ? '' : String(saved.temperature),
    priceInPerM: c.priceInPerM === undefined ? '' : String(c.priceInPerM),
    priceOutPerM: c.priceOutPerM === undefined ? '' : String(c.priceOutPerM),
  };
}

/** Switching preset replaces the address and model, but keeps the user's other choices. */
export function applyPreset(draft: SettingsDraft, presetId: PresetId): SettingsDraft {
  const fresh = draftFor(presetId, draft.keyPlace);
  return { ...draft, preset: fresh.preset, baseUrl: fresh.baseUrl, model: fresh.model, apiKey: '' };
}

function optionalNumber(text: string): number | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function validateUrl(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return "Enter the endpoint's base URL, for example https://api.example.com/v1.";
  try {
    const u = new URL(t);
    if (u.protocol === 'http:' || u.protocol === 'https:') return undefined;
  } catch {
    // reported below
  }
  return `"${t}" is not a web address. Enter the base URL starting with http:// or https://.`;
}

export function validate(draft: SettingsDraft): Validation {
  const preset = presetOrCustom(draft.preset);
  const errors: Partial<Record<Field, string>> = {};
  const isDemo = preset.provider === 'demo';
  const isLocal = preset.provider === 'local';
  if (isLocal && draft.model.trim() === '')
    errors.model = 'Pick a stored model, or add a .gguf file or an address below.';
  if (!isDemo && !isLocal) {
    const urlError = validateUrl(draft.baseUrl);
    if (urlError) errors.baseUrl = urlError;
    if (draft.model.trim() === '') errors.model = 'Enter a model name, or load the list from the endpoint.';
  }
  const temperature = optionalNumber(draft.temperature);
  if (temperature === null || (temperature !== undefined && (temperature < 0 || temperature > 2))) {
    errors.temperature = "Temperature must be a number from 0 to 2, or left empty for the model's default.";
  }
  const pin = optionalNumber(draft.priceInPerM);
  const pout = optionalNumber(draft.priceOutPerM);
  if (pin === null || (pin !== undefined && pin < 0))
    errors.priceInPerM = 'Enter dollars per million input tokens (0 or more), or leave it empty.';
  if (pout === null || (pout !== undefined && pout < 0))
    errors.priceOutPerM = 'Enter dollars per million output tokens (0 or more), or leave it empty.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const config: EndpointConfig = {
    provider: preset.provider,
    preset: preset.id,
    baseUrl: isDemo || isLocal ? preset.baseUrl : draft.baseUrl.trim().replace(/\/+$/, ''),
    model: isDemo ? (preset.defaultModel ?? 'demo') : draft.model.trim(),
  };
  if (pin !== undefined && pin !== null) config.priceInPerM = pin;
  if (pout !== undefined && pout !== null) config.priceOutPerM = pout;
  const value: EndpointSettings = { config, keyPlace: draft.keyPlace };
  if (temperature !== undefined && temperature !== null) value.temperature = temperature;
  return { ok: true, value };
}
