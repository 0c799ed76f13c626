// Each provider's check of a chat request's messages, image parts included, with the 400 it
// answers when they are not as its schema says; and its refusal of pictures for a model without
// vision. The texts are the services' own (OpenAI, Anthropic, Ollama's Go decoder).
import { json } from './wire-types.ts';
import type { Format, HttpReply } from './wire-types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const MEDIA = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The picture's kind from its first bytes, or undefined when the base64 is not a picture. */
function sniff(base64: string): string | undefined {
  if (!BASE64.test(base64)) return undefined;
  const head = Buffer.from(base64.slice(0, 16), 'base64');
  if (head.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8) return 'image/jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF') return 'image/webp';
  if (head.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  return undefined;
}

const openaiError = (message: string, param: string | null = null, code: string | null = null): HttpReply =>
  json(400, { error: { message, type: 'invalid_request_error', param, code } });

function openaiPart(p: unknown, at: string): HttpReply | undefined {
  if (!isObj(p)) return openaiError(`Invalid type for '${at}': expected an object.`, at);
  if (p.type === 'text') {
    if (typeof p.text !== 'string') return openaiError(`Missing required parameter: '${at}.text'.`, `${at}.text`);
    return undefined;
  }
  if (p.type !== 'image_url')
    return openaiError(
      `Invalid value: '${String(p.type)}'. Supported values are: 'text' and 'image_url'.`,
      `${at}.type`,
    );
  const url = isObj(p.image_url) ? p.image_url.url : undefined;
  if (typeof url !== 'string') return openaiError(`Missing required parameter: '${at}.image_url.url'.`, at);
  const m = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(url);
  if (!m || !MEDIA.includes(m[1]!) || sniff(m[2]!) === undefined)
    return openaiError(
      "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
      null,
      'invalid_image_format',
    );
  return undefined;
}

function checkOpenAI(messages: unknown[]): HttpReply | undefined {
  for (const [i, m] of messages.entries()) {
    if (!isObj(m)) return openaiError(`Invalid type for 'messages[${i}]': expected an object.`, `messages[${i}]`);
    const extra = Object.keys(m).find((k) => !['role', 'content', 'name'].includes(k));
    if (extra)
      return openaiError(`Additional properties are not allowed ('${extra}' was unexpected) - 'messages.${i}'`);
    if (typeof m.content === 'string') continue;
    if (!Array.isArray(m.content) || (m.role === 'system' && m.content.some((p) => isObj(p) && p.type !== 'text')))
      return openaiError(
        `Invalid value for 'content': expected a string or an array of parts.`,
        `messages[${i}].content`,
      );
    if (m.role === 'assistant' && m.content.some((p) => isObj(p) && p.type === 'image_url'))
      return openaiError(`Invalid value: 'image_url'. Supported values are: 'text' and 'refusal'.`);
    for (const [j, p] of m.content.entries()) {
      const bad = openaiPart(p, `messages[${i}].content[${j}]`);
      if (bad) return bad;
    }
  }
  return undefined;
}

const anthropicError = (message: string): HttpReply =>
  json(400, {
    type: 'error',
    error: { type: 'invalid_request_error', message },
    request_id: 'req_011CQ4n9TeDtNd5yJqWzJ2h8',
  });

function anthropicBlock(b: unknown, at: string): HttpReply | undefined {
  if (!isObj(b)) return anthropicError(`${at}: Input should be a valid dictionary or object to extract fields from`);
  if (b.type === 'text') return typeof b.text === 'string' ? undefined : anthropicError(`${at}.text: Field required`);
  if (b.type !== 'image')
    return anthropicError(
      `${at}: Input tag '${String(b.type)}' found using 'type' does not match any of the expected tags`,
    );
  const s = b.source;
  if (!isObj(s) || s.type !== 'base64') return anthropicError(`${at}.image.source: Field required`);
  if (typeof s.media_type !== 'string' || !MEDIA.includes(s.media_type))
    return anthropicError(
      `${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`,
    );
  const kind = typeof s.data === 'string' ? sniff(s.data) : undefined;
  if (kind !== s.media_type)
    return anthropicError(
      `${at}.image.source.base64: The image was specified using the ${s.media_type} media type, but does not appear to be a valid ${s.media_type.slice(6)} image`,
    );
  return undefined;
}

function checkAnthropic(messages: unknown[]): HttpReply | undefined {
  for (const [i, m] of messages.entries()) {
    if (!isObj(m)) return anthropicError(`messages.${i}: Input should be a valid dictionary`);
    const extra = Object.keys(m).find((k) => !['role', 'content'].includes(k));
    if (extra) return anthropicError(`messages.${i}.${extra}: Extra inputs are not permitted`);
    if (m.role !== 'user' && m.role !== 'assistant')
      return anthropicError(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    if (typeof m.content === 'string') continue;
    if (!Array.isArray(m.content)) return anthropicError(`messages.${i}.content: Input should be a valid list`);
    for (const [j, b] of m.content.entries()) {
      const bad = anthropicBlock(b, `messages.${i}.content.${j}`);
      if (bad) return bad;
    }
  }
  return undefined;
}

/** Ollama decodes `images` as Go []byte: base64 strings only, a data: URL is illegal base64. */
function checkOllama(messages: unknown[]): HttpReply | undefined {
  for (const m of messages) {
    if (!isObj(m) || typeof m.content !== 'string')
      return json(400, {
        error: 'json: cannot unmarshal array into Go struct field Message.messages.content of type string',
      });
    if (m.images === undefined) continue;
    if (!Array.isArray(m.images))
      return json(400, {
        error: 'json: cannot unmarshal string into Go struct field Message.messages.images of type []api.ImageData',
      });
    for (const img of m.images) {
      if (typeof img !== 'string' || !BASE64.test(img)) {
        const at = typeof img === 'string' ? img.search(/[^A-Za-z0-9+/=]/) : 0;
        return json(400, { error: `illegal base64 data at input byte ${Math.max(0, at)}` });
      }
    }
  }
  return undefined;
}

/** The provider's 400 for messages not in its schema; undefined when they are. */
export function checkMessages(format: Format, body: Obj): HttpReply | undefined {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  if (format === 'openai') return checkOpenAI(messages);
  if (format === 'anthropic') return checkAnthropic(messages);
  return checkOllama(messages);
}

/** Pictures in the request, as the provider carries them. */
export function imagesIn(format: Format, body: Obj): number {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isObj) : [];
  if (format === 'ollama') return messages.reduce((n, m) => n + (Array.isArray(m.images) ? m.images.length : 0), 0);
  const kind = format === 'openai' ? 'image_url' : 'image';
  return messages.reduce(
    (n, m) => n + (Array.isArray(m.content) ? m.content.filter((p) => isObj(p) && p.type === kind).length : 0),
    0,
  );
}

/**
 * What each answers a picture sent to a model without vision: OpenAI's 400; an Anthropic-shaped
 * gateway's 400; Ollama's 500 from a model with no vision projector.
 */
export function refuseImages(format: Format): HttpReply {
  if (format === 'openai')
    return openaiError(
      'Invalid content type. image_url is only supported by certain models.',
      'messages.[1].content.[1].type',
    );
  if (format === 'anthropic') return anthropicError('This model does not support image input.');
  return json(500, { error: 'this model is missing data required for image input' });
}
