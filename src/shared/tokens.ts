// Token counts by estimate, for when an endpoint reports none and for sizing a request before it
// is sent. One rule for both, so the size the loop plans for is the size the usage shows.
import type { ChatImage, ChatRequest, ProviderKind } from './model.ts';

/** Roughly four characters a token for English and code; needs no tokenizer. */
const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

interface Size {
  width: number;
  height: number;
}

/** A picture whose size cannot be read is counted as a page at the default viewport. */
const UNKNOWN_SIZE: Size = { width: 800, height: 600 };

/** Width and height from a PNG's header (its first 24 bytes); undefined for anything else. */
export function pngSize(base64: string): Size | undefined {
  let head: string;
  try {
    head = atob(base64.slice(0, 32));
  } catch {
    return undefined;
  }
  if (head.length < 24 || head.slice(1, 4) !== 'PNG') return undefined;
  const u32 = (at: number): number =>
    ((head.charCodeAt(at) << 24) |
      (head.charCodeAt(at + 1) << 16) |
      (head.charCodeAt(at + 2) << 8) |
      head.charCodeAt(at + 3)) >>>
    0;
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function scaledToFit(s: Size, box: number): Size {
  const k = Math.min(1, box / Math.max(s.width, s.height));
  return { width: s.width * k, height: s.height * k };
}

/**
 * What one picture costs, by each provider's published rule: OpenAI (high detail) fits it in
 * 2048x2048, brings its short side to at most 768 and counts 85 + 170 a 512-pixel tile;
 * Anthropic fits its long side in 1568 and counts width x height / 750; Ollama's vision models
 * (LLaVA) take a fixed 576 image tokens.
 */
export function estimateImageTokens(image: ChatImage, provider: ProviderKind = 'openai'): number {
  const size = (image.mime === 'image/png' ? pngSize(image.base64) : undefined) ?? UNKNOWN_SIZE;
  switch (provider) {
    case 'anthropic': {
      const s = scaledToFit(size, 1568);
      return Math.ceil((s.width * s.height) / 750);
    }
    case 'ollama':
      return 576;
    case 'openai':
    case 'demo':
    case 'local': {
      let s = scaledToFit(size, 2048);
      const short = Math.min(s.width, s.height);
      if (short > 768) s = { width: (s.width * 768) / short, height: (s.height * 768) / short };
      return 85 + 170 * Math.ceil(s.width / 512) * Math.ceil(s.height / 512);
    }
  }
}

/** The system prompt and every message's text, counted as one text, plus each picture's cost. */
export function estimateRequestTokens(req: ChatRequest, provider?: ProviderKind): number {
  let chars = req.system?.length ?? 0;
  let images = 0;
  for (const m of req.messages) {
    chars += m.content.length;
    for (const image of m.images ?? []) images += estimateImageTokens(image, provider);
  }
  return Math.ceil(chars / CHARS_PER_TOKEN) + images;
}
