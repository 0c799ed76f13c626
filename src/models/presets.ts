// Known endpoints. Base URLs are written the way each provider documents them.
import type { ProviderKind } from '../shared/model.ts';

export type PresetId =
  | 'openai'
  | 'anthropic'
  | 'openrouter'
  | 'groq'
  | 'gemini'
  | 'mistral'
  | 'deepseek'
  | 'ollama'
  | 'lmstudio'
  | 'llamacpp'
  | 'vllm'
  | 'custom'
  | 'demo'
  | 'local';

export interface Preset {
  id: PresetId;
  label: string;
  provider: ProviderKind;
  /** Empty for 'custom': the user must type one. */
  baseUrl: string;
  /** 'optional': a local server that only checks a key when started with one. */
  needsKey: boolean | 'optional';
  /** Where to get a key, shown next to the key field. */
  keyUrl?: string;
  local: boolean;
  /** What to do when the browser cannot reach the endpoint at all. */
  corsHint: string;
  /** Ask for the usage chunk; Mistral rejects the unknown stream_options field. */
  streamUsage: boolean;
  /** OpenAI's newer models refuse max_tokens. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /**
   * Asked for several replies to one request (`n`) when a strategy draws samples. Groq refuses it;
   * local servers run requests side by side anyway. Where it is on, a refusal or fewer replies
   * falls back to one request per reply.
   */
  acceptsN: boolean;
  defaultModel?: string;
}

const HOSTED_HINT =
  'Check the base URL and your network connection (ad blockers and company proxies can block API calls), and that this provider accepts calls made from a web page.';

function hosted(id: PresetId, label: string, baseUrl: string, keyUrl: string, extra: Partial<Preset> = {}): Preset {
  return {
    id,
    label,
    provider: 'openai',
    baseUrl,
    needsKey: true,
    keyUrl,
    local: false,
    corsHint: HOSTED_HINT,
    streamUsage: true,
    maxTokensField: 'max_tokens',
    acceptsN: true,
    ...extra,
  };
}

function local(id: PresetId, label: string, baseUrl: string, corsHint: string, extra: Partial<Preset> = {}): Preset {
  return {
    id,
    label,
    provider: 'openai',
    baseUrl,
    needsKey: false,
    local: true,
    corsHint,
    streamUsage: true,
    maxTokensField: 'max_tokens',
    acceptsN: false,
    ...extra,
  };
}

export const PRESETS: readonly Preset[] = [
  hosted('openai', 'OpenAI', 'https://api.openai.com/v1', 'https://platform.openai.com/api-keys', {
    maxTokensField: 'max_completion_tokens',
    defaultModel: 'gpt-4o-mini',
  }),
  hosted('anthropic', 'Anthropic', 'https://api.anthropic.com', 'https://console.anthropic.com/settings/keys', {
    provider: 'anthropic',
    defaultModel: 'claude-sonnet-4-5',
  }),
  hosted('openrouter', 'OpenRouter', 'https://openrouter.ai/api/v1', 'https://openrouter.ai/keys'),
  hosted('groq', 'Groq', 'https://api.groq.com/openai/v1', 'https://console.groq.com/keys', { acceptsN: false }),
  hosted(
    'gemini',
    'Google Gemini',
    'https://generativelanguage.googleapis.com/v1beta/openai',
    'https://aistudio.google.com/apikey',
    { defaultModel: 'gemini-2.5-flash' },
  ),
  hosted('mistral', 'Mistral', 'https://api.mistral.ai/v1', 'https://console.mistral.ai/api-keys', {
    streamUsage: false,
  }),
  hosted('deepseek', 'DeepSeek', 'https://api.deepseek.com/v1', 'https://platform.deepseek.com/api_keys', {
    defaultModel: 'deepseek-chat',
  }),
  local(
    'ollama',
    'Ollama',
    'http://localhost:11434',
    'Check that Ollama is running. Ollama only answers web pages from origins it allows: quit it, then start it with OLLAMA_ORIGINS set to this page\'s origin (for example OLLAMA_ORIGINS={origin} ollama serve; on macOS run launchctl setenv OLLAMA_ORIGINS "{origin}" and restart the Ollama app).',
    { provider: 'ollama' },
  ),
  local(
    'lmstudio',
    'LM Studio',
    'http://localhost:1234/v1',
    'Check that LM Studio\'s server is running (Developer tab), and turn on "Enable CORS" in its server settings so this page may call it.',
  ),
  local(
    'llamacpp',
    'llama.cpp server',
    'http://localhost:8080/v1',
    'Check that llama-server is running on this address and that its CORS options allow this page (--cors-origins {origin}, or the LLAMA_ARG_CORS_ORIGINS variable). If it runs on another machine, start it with --host 0.0.0.0.',
    { needsKey: 'optional' },
  ),
  local(
    'vllm',
    'vLLM',
    'http://localhost:8000/v1',
    'Check that vLLM is running on this address and that its --allowed-origins setting includes this page (for example --allowed-origins \'["{origin}"]\').',
    { needsKey: 'optional', acceptsN: true },
  ),
  {
    id: 'custom',
    label: 'Other OpenAI-compatible endpoint',
    provider: 'openai',
    baseUrl: '',
    needsKey: 'optional',
    local: false,
    streamUsage: true,
    maxTokensField: 'max_tokens',
    acceptsN: true,
    corsHint:
      "Check the base URL (it usually ends in /v1), that the server is running, and that it sends CORS headers allowing this page's origin ({origin}).",
  },
  {
    id: 'demo',
    label: 'Demo model (offline, scripted)',
    provider: 'demo',
    baseUrl: 'demo:',
    needsKey: false,
    local: true,
    streamUsage: false,
    maxTokensField: 'max_tokens',
    acceptsN: false,
    corsHint: '',
    defaultModel: 'demo',
  },
  {
    id: 'local',
    label: 'In this page (GGUF)',
    provider: 'local',
    baseUrl: 'local:',
    needsKey: false,
    local: true,
    streamUsage: true,
    maxTokensField: 'max_tokens',
    acceptsN: false,
    corsHint:
      'The in-page model needs no network once its file is stored; open the settings and check that the model is listed there.',
  },
];

export function getPreset(id: string | undefined): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** A config saved without a preset id still gets the right hint when its address is a known one. */
export function guessPreset(provider: ProviderKind, baseUrl: string): Preset {
  const base = baseUrl.replace(/\/+$/, '');
  const exact = PRESETS.find((p) => p.provider === provider && p.baseUrl !== '' && p.baseUrl === base);
  if (exact) return exact;
  if (provider === 'demo') return getPreset('demo') as Preset;
  if (provider === 'local') return getPreset('local') as Preset;
  if (provider === 'ollama') return getPreset('ollama') as Preset;
  if (provider === 'anthropic') return getPreset('anthropic') as Preset;
  const port = /^https?:\/\/[^/]+:(\d+)/.exec(base)?.[1];
  const byPort: Record<string, PresetId> = {
    '1234': 'lmstudio',
    '8080': 'llamacpp',
    '8000': 'vllm',
    '11434': 'ollama',
  };
  const id = port !== undefined ? byPort[port] : undefined;
  return getPreset(id) ?? (getPreset('custom') as Preset);
}

export function presetFor(config: { preset?: string; provider: ProviderKind; baseUrl: string }): Preset {
  const named = getPreset(config.preset);
  return named && named.provider === config.provider ? named : guessPreset(config.provider, config.baseUrl);
}
