// The settings view's logic (validation, drafts, connection test) without a DOM.
import { describe, expect, it } from 'vitest';
import { createDemoClient } from '../../../src/models/demo.ts';
import { createModelClient } from '../../../src/models/create-client.ts';
import { describeReport, testConnection } from '../../../src/ui/settings/connection-test.ts';
import { applyPreset, draftFor, draftFrom, validate } from '../../../src/ui/settings/settings-model.ts';
import { startModelServer } from '../../servers/model-server.ts';

describe('settings validation', () => {
  it('accepts a preset as it comes', () => {
    const v = validate({ ...draftFor('openai'), model: 'gpt-4o-mini' });
    expect(v).toEqual({
      ok: true,
      value: {
        config: { provider: 'openai', preset: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
        keyPlace: 'session',
      },
    });
  });

  it('refuses a base URL that is not a URL, with a clear message', () => {
    const v = validate({ ...draftFor('custom'), baseUrl: 'localhost:8080/v1', model: 'x' });
    expect(v).toMatchObject({
      ok: false,
      errors: { baseUrl: expect.stringMatching(/"localhost:8080\/v1" is not a web address/) },
    });
    const empty = validate({ ...draftFor('custom'), model: 'x' });
    expect(empty).toMatchObject({
      ok: false,
      errors: { baseUrl: expect.stringMatching(/Enter the endpoint's base URL/) },
    });
  });

  it('checks model, temperature and prices', () => {
    const v = validate({
      ...draftFor('lmstudio'),
      model: ' ',
      temperature: '3',
      priceInPerM: 'cheap',
      priceOutPerM: '-1',
    });
    if (v.ok) throw new Error('expected the draft to be refused');
    expect(Object.keys(v.errors).sort()).toEqual(['model', 'priceInPerM', 'priceOutPerM', 'temperature']);
  });

  it('keeps numbers and trims the address', () => {
    const v = validate({
      ...draftFor('ollama'),
      baseUrl: ' http://localhost:11434/ ',
      model: 'llama3.2',
      temperature: '0.2',
      priceInPerM: '0',
      priceOutPerM: '1.5',
    });
    expect(v).toMatchObject({
      ok: true,
      value: { temperature: 0.2, config: { baseUrl: 'http://localhost:11434', priceInPerM: 0, priceOutPerM: 1.5 } },
    });
  });

  it('needs nothing for the demo model', () => {
    expect(validate(draftFor('demo'))).toMatchObject({
      ok: true,
      value: { config: { provider: 'demo', model: 'demo' } },
    });
  });

  it("round-trips saved settings, and switching preset keeps the user's other choices", () => {
    const v = validate({
      ...draftFor('groq'),
      model: 'llama-3.3-70b-versatile',
      temperature: '0.5',
      keyPlace: 'local',
    });
    if (!v.ok) throw new Error('valid');
    const d = draftFrom(v.value);
    expect(d).toMatchObject({
      preset: 'groq',
      model: 'llama-3.3-70b-versatile',
      temperature: '0.5',
      keyPlace: 'local',
      apiKey: '',
    });
    expect(applyPreset({ ...d, apiKey: 'typed' }, 'anthropic')).toMatchObject({
      preset: 'anthropic',
      baseUrl: 'https://api.anthropic.com',
      temperature: '0.5',
      keyPlace: 'local',
      apiKey: '',
    });
  });
});

describe('test connection', () => {
  it('streams a short reply and reports usage and cost', async () => {
    const server = await startModelServer({ format: 'openai' });
    try {
      server.reply({ text: 'ready', usage: { input: 1000, output: 2 } });
      const seen: string[] = [];
      const client = createModelClient({
        provider: 'openai',
        baseUrl: server.baseUrl,
        model: 'm',
        priceInPerM: 1,
        priceOutPerM: 2,
      });
      let t = 0;
      const r = await testConnection(client, { onText: (s) => seen.push(s), now: () => (t += 500) });
      expect(r).toEqual({
        ok: true,
        text: 'ready',
        usage: { inputTokens: 1000, outputTokens: 2 },
        cost: 0.001004,
        ms: 500,
      });
      expect(seen.at(-1)).toBe('ready');
      const d = describeReport(r);
      expect(d.headline).toBe('Connected in 0.5 s. The model replied: "ready"');
      expect(d.detail).toBe('Tokens: 1000 in, 2 out, $0.0010.');
    } finally {
      await server.close();
    }
  });

  it("shows the error's message and hint", async () => {
    const server = await startModelServer({ format: 'anthropic' });
    try {
      const client = createModelClient({
        provider: 'anthropic',
        baseUrl: server.baseUrlFor('auth'),
        model: 'm',
        apiKey: 'bad-key-123',
      });
      const r = await testConnection(client);
      expect(r.ok).toBe(false);
      const d = describeReport(r);
      expect(d.headline).toMatch(/refused the API key/);
      expect(d.detail).toMatch(/Check that the API key is correct/);
      expect(JSON.stringify(r)).not.toContain('bad-key-123');
    } finally {
      await server.close();
    }
  });

  it('works offline with the demo model', async () => {
    const r = await testConnection(createDemoClient({}, { delayMs: 0 }));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.usage.estimated).toBe(true);
  });
});
