// Pictures in requests: an endpoint that refuses image input is remembered (by its address and
// model, for as long as the page lives) and gets the text alone from then on; the result says so.
import type { ChatMessage, ChatRequest, ChatResult, EndpointConfig } from '../shared/model.ts';
import { isModelError } from './errors.ts';

const refused = new Map<string, string>();

const keyOf = (c: EndpointConfig): string => `${c.provider} ${c.baseUrl.trim().replace(/\/+$/, '')} ${c.model}`;

/** The data: URL of a picture, as OpenAI's image_url wants it. */
export const dataUrl = (i: { mime: string; base64: string }): string => `data:${i.mime};base64,${i.base64}`;

const hasImages = (req: ChatRequest): boolean => req.messages.some((m) => (m.images?.length ?? 0) > 0);

function textOnly(req: ChatRequest): ChatRequest {
  const messages = req.messages.map((m): ChatMessage => ({ role: m.role, content: m.content }));
  return { ...req, messages };
}

/** How servers say a model takes no pictures (a malformed picture is another error). */
const REFUSALS = [
  /(not|n't)\s+(support|accept|take|handle)\w*[^.]{0,40}(image|vision|multi-?modal)/i,
  /(image|vision)\w*[^.]{0,40}(only supported|not supported|unsupported by)/i,
  /not an? (multi-?modal|vision)/i,
  /missing data required for image input/i,
  /(no|without) (vision|image) (support|capabilit)/i,
];

/**
 * A refusal of images, as OpenAI ("image_url is only supported by certain models"), vLLM ("is
 * not a multimodal model"), llama.cpp and Ollama ("missing data required for image input") and
 * gateways ("does not support image input") say it.
 */
export function refusesImages(e: unknown): boolean {
  if (!isModelError(e) || !['bad-request', 'server', 'bad-response'].includes(e.kind)) return false;
  return REFUSALS.some((r) => r.test(e.message));
}

function note(config: EndpointConfig, e: unknown): string {
  const said = isModelError(e) ? ` (${e.message})` : '';
  return `${config.model} at ${config.baseUrl} does not take pictures${said}; its requests go with text alone.`;
}

/**
 * Sends `req` with its pictures, or without them to an endpoint known to refuse them. A refusal
 * is remembered and the same request goes again with the text alone.
 */
export async function withImageFallback(
  config: EndpointConfig,
  req: ChatRequest,
  send: (req: ChatRequest) => Promise<ChatResult>,
): Promise<ChatResult> {
  if (!hasImages(req)) return send(req);
  const key = keyOf(config);
  const known = refused.get(key);
  if (known !== undefined) return { ...(await send(textOnly(req))), imagesRefused: known };
  try {
    return await send(req);
  } catch (e) {
    if (!refusesImages(e)) throw e;
    const why = note(config, e);
    refused.set(key, why);
    return { ...(await send(textOnly(req))), imagesRefused: why };
  }
}
