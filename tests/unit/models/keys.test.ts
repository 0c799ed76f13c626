import { describe, expect, it } from 'vitest';
import { createKeyStore, describeKeyPlace, keyOrigin, withKey } from '../../../src/models/keys.ts';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

describe('key store', () => {
  it('binds a key to the origin of the base URL', () => {
    const keys = createKeyStore({ storage: new MemoryStorage() });
    keys.set('https://api.openai.com/v1', ' sk-a ', 'local');
    expect(keys.get('https://api.openai.com/v1/')).toBe('sk-a');
    expect(keys.get('https://api.openai.com')).toBe('sk-a');
    expect(keys.get('https://api.openai.com.evil.example/v1')).toBeUndefined();
    expect(keys.get('http://api.openai.com/v1')).toBeUndefined();
    expect(keys.get('not a url')).toBeUndefined();
  });

  it('keeps "local" keys across store instances (a reload) and "session" keys in memory only', () => {
    const storage = new MemoryStorage();
    const a = createKeyStore({ storage });
    a.set('https://api.anthropic.com', 'sk-ant', 'local');
    a.set('https://api.groq.com/openai/v1', 'gsk', 'session');
    expect(storage.getItem('fixpoint.apiKeys')).toContain('sk-ant');
    expect(storage.getItem('fixpoint.apiKeys')).not.toContain('gsk');
    const b = createKeyStore({ storage });
    expect(b.get('https://api.anthropic.com')).toBe('sk-ant');
    expect(b.get('https://api.groq.com/openai/v1')).toBeUndefined();
    expect(a.place('https://api.groq.com/openai/v1')).toBe('session');
    expect(b.place('https://api.anthropic.com')).toBe('local');
  });

  it('moves a key when its place changes, so it lives in one place only', () => {
    const storage = new MemoryStorage();
    const keys = createKeyStore({ storage });
    keys.set('https://openrouter.ai/api/v1', 'k1', 'local');
    keys.set('https://openrouter.ai/api/v1', 'k2', 'session');
    expect(storage.getItem('fixpoint.apiKeys')).toBeNull();
    expect(keys.get('https://openrouter.ai/api/v1')).toBe('k2');
    keys.set('https://openrouter.ai/api/v1', 'k3', 'local');
    expect(keys.place('https://openrouter.ai/api/v1')).toBe('local');
    expect(keys.get('https://openrouter.ai/api/v1')).toBe('k3');
  });

  it('removes, clears, and treats an empty key as removal', () => {
    const keys = createKeyStore({ storage: new MemoryStorage() });
    keys.set('https://a.example', 'x', 'local');
    keys.set('https://a.example', '   ', 'local');
    expect(keys.get('https://a.example')).toBeUndefined();
    keys.set('https://b.example', 'y', 'session');
    keys.set('https://c.example', 'z', 'local');
    keys.remove('https://b.example');
    expect(keys.get('https://b.example')).toBeUndefined();
    keys.clear();
    expect(keys.get('https://c.example')).toBeUndefined();
  });

  it('says plainly when the browser will not store it', () => {
    expect(() => createKeyStore({ storage: null }).set('https://a.example', 'k', 'local')).toThrow(/session only/);
    expect(() => createKeyStore({ storage: new FullStorage() }).set('https://a.example', 'k', 'local')).toThrow(
      /refused/,
    );
    const keys = createKeyStore({ storage: null });
    keys.set('https://a.example', 'k', 'session');
    expect(keys.get('https://a.example')).toBe('k');
  });

  it('describes where the key is kept', () => {
    expect(describeKeyPlace('local', 'https://api.openai.com/v1')).toMatch(
      /local storage.*sent only to https:\/\/api\.openai\.com/,
    );
    expect(describeKeyPlace('session', 'http://localhost:11434')).toMatch(/memory.*forgotten when you reload/);
    expect(describeKeyPlace(undefined, 'x')).toMatch(/No API key/);
  });

  it("withKey fills the key for the config's own origin only", () => {
    const keys = createKeyStore({ storage: null });
    keys.set('https://api.mistral.ai/v1', 'mk', 'session');
    expect(withKey({ provider: 'openai', baseUrl: 'https://api.mistral.ai/v1', model: 'm' }, keys).apiKey).toBe('mk');
    expect(
      'apiKey' in withKey({ provider: 'openai', baseUrl: 'https://x.example/v1', model: 'm', apiKey: 'mk' }, keys),
    ).toBe(false);
    expect(keyOrigin('ftp://x')).toBeUndefined();
  });
});
