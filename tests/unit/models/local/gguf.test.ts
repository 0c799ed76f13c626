import { describe, expect, it } from 'vitest';
import { GgufError, parseGgufPrefix, readGgufHeader } from '../../../../src/models/local/gguf.ts';
import { modelFacts, truncationReason, unsupportedReason } from '../../../../src/models/local/model-facts.ts';
import { writeGguf } from '../../../support/gguf-writer.ts';
import { CHATML, tinyModel, tinyVocab } from '../../../support/tiny-model.ts';

const blob = (b: Uint8Array): Blob => new Blob([b as Uint8Array<ArrayBuffer>]);

describe('GGUF header', () => {
  it('reads the metadata and tensor table of a llama model', async () => {
    const h = await readGgufHeader(blob(tinyModel({ embd: 32, layers: 2, ff: 64, heads: 4 })));
    expect(h.version).toBe(3);
    expect(h.metadata.get('general.architecture')).toBe('llama');
    expect(h.tensorCount).toBe(3 + 2 * 9);
    const q = h.tensors.find((t) => t.name === 'blk.0.attn_q.weight');
    expect(q).toMatchObject({ dims: [32, 32], typeName: 'F32', bytes: 32 * 32 * 4 });
    const f = modelFacts(h);
    expect(f).toMatchObject({
      architecture: 'llama',
      contextLength: 8192,
      embeddingLength: 32,
      blockCount: 2,
      headCount: 4,
      headCountKv: 4,
      keyLength: 8,
      vocabSize: tinyVocab().tokens.length,
      chatTemplate: CHATML,
      mainType: 'F32',
    });
    expect(unsupportedReason(f)).toBeUndefined();
  });

  it('keeps the weights inside the file when the file is whole', async () => {
    const bytes = tinyModel();
    const h = await readGgufHeader(blob(bytes));
    expect(h.dataEnd).toBeLessThanOrEqual(bytes.byteLength);
    expect(truncationReason(h, bytes.byteLength)).toBeUndefined();
  });

  it('says a download that stopped early is incomplete', async () => {
    const bytes = tinyModel();
    const cut = bytes.subarray(0, Math.floor(bytes.byteLength * 0.6));
    const h = await readGgufHeader(blob(cut));
    expect(truncationReason(h, cut.byteLength)).toMatch(/incomplete.*missing/);
  });

  it('says a file cut inside its header ends there', () => {
    const bytes = tinyModel().subarray(0, 200);
    expect(() => parseGgufPrefix(bytes, bytes.byteLength)).toThrow(/ends inside its own header/);
  });

  it('asks for more bytes while the file goes on', () => {
    const bytes = tinyModel();
    expect(parseGgufPrefix(bytes.subarray(0, 100), bytes.byteLength)).toBe('need-more');
  });

  it('refuses a file that is not GGUF', async () => {
    const err = await readGgufHeader(blob(new TextEncoder().encode('<!doctype html><p>Not found</p>'))).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GgufError);
    expect((err as GgufError).problem).toBe('not-gguf');
  });

  it('refuses an unknown version', () => {
    const bytes = tinyModel();
    new DataView(bytes.buffer).setUint32(4, 9, true);
    expect(() => parseGgufPrefix(bytes, bytes.byteLength)).toThrow(/version 9/);
  });

  it('names an architecture it cannot run', async () => {
    const h = await readGgufHeader(blob(tinyModel({ architecture: 'clip' })));
    expect(unsupportedReason(modelFacts(h))).toMatch(/"clip"/);
  });

  it('refuses a file with no architecture', async () => {
    const h = await readGgufHeader(blob(writeGguf([['general.name', { type: 'string', value: 'x' }]], [])));
    expect(() => modelFacts(h)).toThrow(/architecture/);
  });

  it('reads headers larger than its first read (big vocabularies)', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `${i}`.padEnd(300, '.'));
    const bytes = writeGguf(
      [
        ['general.architecture', { type: 'string', value: 'qwen2' }],
        ['tokenizer.ggml.tokens', { type: 'strings', value: many }],
      ],
      [],
    );
    expect(bytes.byteLength).toBeGreaterThan(4 << 20);
    const h = await readGgufHeader(blob(bytes));
    expect(h.metadata.get('tokenizer.ggml.tokens')).toEqual({ itemType: 8, length: 20_000 });
  });
});
