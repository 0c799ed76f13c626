// Pictures on the wire: each client against a local server that checks its provider's real
// message schema (image parts included), streaming the reply; an endpoint without vision is
// remembered and gets the text alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelClient } from '../../../src/models/create-client.ts';
import { ModelError } from '../../../src/models/errors.ts';
import { refusesImages } from '../../../src/models/vision.ts';
import type { ChatRequest, StreamEvent } from '../../../src/shared/model.ts';
import { estimateImageTokens, estimateRequestTokens } from '../../../src/shared/tokens.ts';
import { startModelServer } from '../../servers/model-server.ts';
import type { Format, ModelServer } from '../../servers/model-server.ts';
import { pngBase64 } from '../../support/png.ts';

const FORMATS: Format[] = ['openai', 'anthropic', 'ollama'];
const PNG = pngBase64(800, 600, [20, 120, 200]);
const withPicture = (text = 'Result of running your code: 1 check failed.'): ChatRequest => ({
  system: 'be brief',
  messages: [
    { role: 'user', content: 'Write a page.' },
    { role: 'assistant', content: '```html\n<p>hi</p>\n```' },
    { role: 'user', content: text, images: [{ mime: 'image/png', base64: PNG }] },
  ],
});

type Obj = Record<string, unknown>;
const lastMessage = (server: ModelServer, i = -1): Obj => {
  const body = server.chatRequests().at(i)!.body as { messages: Obj[] };
  return body.messages.at(-1)!;
};

describe.each(FORMATS)('%s: pictures in the request', (format) => {
  let server: ModelServer;
  let blind: ModelServer;
  beforeAll(async () => {
    server = await startModelServer({ format });
    blind = await startModelServer({ format, vision: false });
  });
  afterAll(async () => {
    await server.close();
    await blind.close();
  });
  const client = (s: ModelServer, model = 'test-model') =>
    createModelClient({ provider: format, baseUrl: s.baseUrl, model, apiKey: 'sk-test' }, { retry: { maxTries: 1 } });

  it("sends the picture as the provider's image part and streams the reply", async () => {
    server.reply('```html\n<p>fixed</p>\n```');
    const events: StreamEvent[] = [];
    const res = await client(server).chat(withPicture(), { onEvent: (e) => events.push(e) });
    expect(res.text).toBe('```html\n<p>fixed</p>\n```');
    expect(events.length).toBeGreaterThan(1);
    expect(res.imagesRefused).toBeUndefined();
    const m = lastMessage(server);
    if (format === 'openai')
      expect(m).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: 'Result of running your code: 1 check failed.' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      });
    if (format === 'anthropic')
      expect(m).toEqual({
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          { type: 'text', text: 'Result of running your code: 1 check failed.' },
        ],
      });
    if (format === 'ollama')
      expect(m).toEqual({ role: 'user', content: 'Result of running your code: 1 check failed.', images: [PNG] });
    // Messages without pictures stay plain text, with no empty image field.
    const first = (server.chatRequests().at(-1)!.body as { messages: Obj[] }).messages.find(
      (x) => x.role === 'assistant',
    );
    expect(first).toEqual({ role: 'assistant', content: '```html\n<p>hi</p>\n```' });
  });

  it("is refused by the local server when the picture is not in the provider's format", async () => {
    // A picture that is not a PNG under a PNG label: every provider answers 400 for it.
    const bad: ChatRequest = {
      messages: [{ role: 'user', content: 'look', images: [{ mime: 'image/png', base64: 'bm90IGEgcGljdHVyZQ==' }] }],
    };
    if (format === 'ollama') {
      // Ollama takes any base64 as bytes; a data: URL in its place is what it refuses.
      const r = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        body: JSON.stringify({
          model: 'm',
          messages: [{ role: 'user', content: 'x', images: [`data:image/png;base64,${PNG}`] }],
        }),
      });
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('illegal base64 data at input byte 4');
      return;
    }
    await expect(client(server).chat(bad)).rejects.toMatchObject({ kind: 'bad-request' });
  });

  it('remembers an endpoint that refuses pictures, sends the text alone, and says so', async () => {
    blind.reset();
    blind.reply('first', 'second');
    const c = client(blind, 'text-only-model');
    const a = await c.chat(withPicture());
    expect(a.text).toBe('first');
    expect(a.imagesRefused).toMatch(/text-only-model .* does not take pictures/);
    const [refused, retried] = blind.chatRequests();
    expect(JSON.stringify(refused!.body)).toContain(PNG);
    expect(JSON.stringify(retried!.body)).not.toContain(PNG);
    expect(lastMessage(blind)).toEqual({ role: 'user', content: 'Result of running your code: 1 check failed.' });
    // Later requests to the same endpoint and model go without pictures at once: one request each.
    const b = await createModelClient(
      { provider: format, baseUrl: blind.baseUrl, model: 'text-only-model', apiKey: 'sk-test' },
      { retry: { maxTries: 1 } },
    ).chat(withPicture('again'));
    expect(b.text).toBe('second');
    expect(b.imagesRefused).toBe(a.imagesRefused);
    expect(blind.chatRequests()).toHaveLength(3);
    expect(JSON.stringify(blind.chatRequests()[2]!.body)).not.toContain(PNG);
  });

  it('sends pictures to another model at the same address', async () => {
    blind.reset();
    blind.reply('ok');
    await client(blind, 'another-model').chat(withPicture());
    expect(JSON.stringify(blind.chatRequests()[0]!.body)).toContain(PNG);
  });

  it('counts the picture in the estimated usage when the endpoint gives none', async () => {
    const req = withPicture();
    const text = estimateRequestTokens({
      ...req,
      messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
    });
    expect(estimateRequestTokens(req, format)).toBe(text + estimateImageTokens(req.messages[2]!.images![0]!, format));
  });
});

describe('picture token estimates by provider rule', () => {
  const img = (w: number, h: number) => ({ mime: 'image/png', base64: pngBase64(w, h) });
  it('OpenAI: 85 + 170 per 512-pixel tile after fitting 2048 and a short side of 768', () => {
    expect(estimateImageTokens(img(800, 600), 'openai')).toBe(85 + 170 * 4);
    expect(estimateImageTokens(img(512, 512), 'openai')).toBe(255);
    // 2048x4096 -> 1024x2048 -> 768x1536: 2 x 3 tiles
    expect(estimateImageTokens(img(2048, 4096), 'openai')).toBe(85 + 170 * 6);
  });
  it('Anthropic: width x height / 750 after fitting a long side of 1568', () => {
    expect(estimateImageTokens(img(800, 600), 'anthropic')).toBe(640);
    expect(estimateImageTokens(img(3136, 1568), 'anthropic')).toBe(Math.ceil((1568 * 784) / 750));
  });
  it('Ollama: a fixed 576; a picture whose size cannot be read counts as 800x600', () => {
    expect(estimateImageTokens(img(800, 600), 'ollama')).toBe(576);
    expect(estimateImageTokens({ mime: 'image/jpeg', base64: '/9j/4AAQ' }, 'anthropic')).toBe(640);
  });
});

describe('what counts as an endpoint refusing pictures', () => {
  const err = (message: string, kind: 'bad-request' | 'server' = 'bad-request') => new ModelError({ kind, message });
  it('knows the refusals servers send, and not a malformed picture', () => {
    expect(refusesImages(err('Invalid content type. image_url is only supported by certain models.'))).toBe(true);
    expect(refusesImages(err('llava-phi is not a multimodal model'))).toBe(true);
    expect(refusesImages(err('this model is missing data required for image input', 'server'))).toBe(true);
    expect(refusesImages(err("The model doesn't support image input."))).toBe(true);
    expect(
      refusesImages(
        err('You uploaded an unsupported image. Please make sure your image has of one the following formats'),
      ),
    ).toBe(false);
    expect(
      refusesImages(err('messages.0.content.0.image.source.base64: does not appear to be a valid png image')),
    ).toBe(false);
    expect(refusesImages(new ModelError({ kind: 'auth', message: 'does not support image input' }))).toBe(false);
  });
});
