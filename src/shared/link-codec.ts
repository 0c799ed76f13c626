// What share links carry in their fragment: JSON, gzipped, in base64url. Unpacking stops at a cap,
// since a few bytes of gzip can claim gigabytes.

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, cap: number, what: string) {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      await reader.cancel();
      throw new Error(`the ${what} unpacks to more than ${cap / 1024 / 1024} MB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is not base64url text');
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

/** A value as gzipped JSON in base64url. */
export async function packForLink(value: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return toBase64Url(await through(json, new CompressionStream('gzip'), Infinity, 'link'));
}

/** The JSON text a link's base64url carries; `what` names it in the error past `cap` bytes. */
export async function unpackFromLink(text: string, cap: number, what: string): Promise<string> {
  const bytes = await through(fromBase64Url(text), new DecompressionStream('gzip'), cap, what);
  return new TextDecoder().decode(bytes);
}
