import { describe, expect, it } from 'vitest';
import { packHash, withoutSolutions } from '../../../src/classroom/canonical.ts';
import { decodePackLink, encodePackLink } from '../../../src/classroom/link.ts';
import { findSecrets } from '../../../src/classroom/secrets.ts';
import { type Pack } from '../../../src/classroom/types.ts';
import { validatePack } from '../../../src/classroom/validate.ts';
import { rawPack } from '../../support/classroom-pack.ts';

const pack = (): Pack => validatePack(rawPack(), 'demo.json');

describe('pack hash', () => {
  it('is 8 hex digits, the same whatever the key order and with or without solutions', async () => {
    const p = pack();
    const h = await packHash(p);
    expect(h).toMatch(/^[0-9a-f]{8}$/);
    const reordered = JSON.parse(JSON.stringify(p, Object.keys(p).reverse())) as Pack;
    reordered.exercises = p.exercises;
    expect(await packHash(reordered)).toBe(h);
    expect(await packHash(withoutSolutions(p))).toBe(h);
  });

  it('changes when a test changes', async () => {
    const p = pack();
    const h = await packHash(p);
    p.exercises[0]!.hiddenTests[0]!.code = 'assert add(-2, -2) == -4';
    expect(await packHash(p)).not.toBe(h);
  });
});

describe('share links', () => {
  it('round-trips a pack through #pack=1.…, without solutions for students', async () => {
    const r = await encodePackLink(pack(), { solutions: false });
    if (!r.ok) throw new Error(r.message);
    expect(r.fragment).toMatch(/^#pack=1\.[A-Za-z0-9_-]+$/);
    expect(r.warning).toBeUndefined();
    const back = await decodePackLink(r.fragment);
    if (back.kind !== 'pack') throw new Error('no pack');
    expect(back.pack.exercises.map((e) => e.solution)).toEqual([undefined, undefined]);
    expect(back.pack.exercises[0]!.hiddenTests[0]!.name).toBe('negative');
    expect(await packHash(back.pack)).toBe(await packHash(pack()));
  });

  it('keeps solutions in a teacher link', async () => {
    const r = await encodePackLink(pack(), { solutions: true });
    if (!r.ok) throw new Error(r.message);
    const back = await decodePackLink(r.fragment);
    expect(back.kind === 'pack' && back.pack.exercises[0]!.solution).toContain('return a + b');
  });

  it('refuses a pack that carries a key or a credentialed URL, saying where', async () => {
    const p = pack();
    p.exercises[0]!.statement = 'Use the key sk-ant-abcdefghijklmnopqrstuv to call the API.';
    p.exercises[1]!.starter = 'URL = "https://bob:hunter2@example.com/data"\n';
    const r = await encodePackLink(p, { solutions: false });
    expect(r.ok).toBe(false);
    if (r.ok || r.reason !== 'secret') throw new Error('not refused for a secret');
    expect(r.findings.map((f) => f.path)).toEqual(['exercises[0].statement', 'exercises[1].starter']);
    expect(r.message).toContain('exercises[0].statement');
  });

  it('does not mistake ordinary code for a secret', () => {
    expect(findSecrets(pack())).toEqual([]);
    expect(findSecrets({ s: 'see https://docs.python.org/3/ and user@example.com' })).toEqual([]);
  });

  it('warns past 8 KB and offers a file past 64 KB', async () => {
    // Text that gzip cannot shrink much.
    const noise = (n: number): string =>
      Array.from({ length: n }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join(' ');
    const mid = pack();
    mid.exercises[0]!.statement = noise(1500);
    const warned = await encodePackLink(mid, { solutions: false });
    expect(warned.ok && warned.warning).toMatch(/KB/);
    const big = pack();
    big.exercises[0]!.statement = noise(12000);
    const refused = await encodePackLink(big, { solutions: false });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toBe('too-large');
    expect(!refused.ok && refused.message).toMatch(/as a file/);
  });

  it('reads #pack-url= and refuses URLs with credentials', async () => {
    expect(await decodePackLink('#pack-url=https%3A%2F%2Fexample.org%2Fpack.json')).toEqual({
      kind: 'url',
      url: 'https://example.org/pack.json',
    });
    await expect(decodePackLink('#pack-url=https://u:p@example.org/p.json')).rejects.toThrow(/user name/);
    await expect(decodePackLink('#pack-url=javascript:alert(1)')).rejects.toThrow(/http/);
  });

  it('says a damaged or foreign link is damaged, and ignores other fragments', async () => {
    await expect(decodePackLink('#pack=1.AAAA')).rejects.toThrow(/damaged/);
    await expect(decodePackLink('#pack=2.AAAA')).rejects.toThrow(/another version/);
    expect(await decodePackLink('#settings')).toEqual({ kind: 'none' });
  });

  it('checks a linked pack like a file, naming the link', async () => {
    const bad = rawPack();
    delete bad.title;
    const gz = new Uint8Array(
      await new Response(
        new Blob([JSON.stringify(bad)]).stream().pipeThrough(new CompressionStream('gzip')),
      ).arrayBuffer(),
    );
    const b64 = Buffer.from(gz).toString('base64url');
    await expect(decodePackLink(`#pack=1.${b64}`)).rejects.toThrow('the link: field "title" is missing');
  });
});
