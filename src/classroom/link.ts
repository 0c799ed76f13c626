// Share links: the pack travels in the URL fragment, which browsers never send to the host.
// `#pack=1.<base64url(gzip(JSON))>`; `#pack-url=<URL>` names a larger pack to fetch instead.
import { packForLink, unpackFromLink } from '../shared/link-codec.ts';
import { withoutSolutions } from './canonical.ts';
import { findSecrets, type SecretFinding } from './secrets.ts';
import type { Pack } from './types.ts';
import { validatePack } from './validate.ts';

const LINK_WARN_BYTES = 8 * 1024;
const LINK_MAX_BYTES = 64 * 1024;
/** A link's pack may not unpack past this: a few bytes of gzip can claim gigabytes. */
const MAX_UNPACKED_BYTES = 4 * 1024 * 1024;
const LINK_FILE = 'the link';

export type LinkResult =
  | { ok: true; fragment: string; bytes: number; warning?: string }
  | { ok: false; reason: 'secret'; findings: SecretFinding[]; message: string }
  | { ok: false; reason: 'too-large'; bytes: number; message: string };

/** Makes the fragment for a pack; students' links leave the solutions out. */
export async function encodePackLink(pack: Pack, opts: { solutions: boolean }): Promise<LinkResult> {
  const shared = opts.solutions ? pack : withoutSolutions(pack);
  const findings = findSecrets(shared);
  if (findings.length) {
    const list = findings.map((f) => `${f.what} in ${f.path}`).join('; ');
    return { ok: false, reason: 'secret', findings, message: `Not made into a link: it contains ${list}.` };
  }
  const fragment = `#pack=1.${await packForLink(shared)}`;
  const bytes = fragment.length;
  if (bytes > LINK_MAX_BYTES) {
    const message = `The link would be ${Math.ceil(bytes / 1024)} KB, too long for a link: share the pack as a file, or host it and use #pack-url=.`;
    return { ok: false, reason: 'too-large', bytes, message };
  }
  const warning =
    bytes > LINK_WARN_BYTES
      ? `The link is ${Math.ceil(bytes / 1024)} KB: some chat and mail programs cut links this long.`
      : undefined;
  return { ok: true, fragment, bytes, warning };
}

export type LinkTarget = { kind: 'pack'; pack: Pack } | { kind: 'url'; url: string } | { kind: 'none' };

/** Reads a location hash. A pack from a link is only read and checked here, never run. */
export async function decodePackLink(hash: string): Promise<LinkTarget> {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (h.startsWith('pack-url=')) {
    const raw = decodeURIComponent(h.slice('pack-url='.length));
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`#pack-url= needs a full URL, not "${raw.slice(0, 100)}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('#pack-url= must be an http(s) URL');
    if (url.username || url.password) throw new Error('#pack-url= must not carry a user name or password');
    return { kind: 'url', url: url.href };
  }
  if (!h.startsWith('pack=')) return { kind: 'none' };
  const body = h.slice('pack='.length);
  const dot = body.indexOf('.');
  if (dot < 0 || body.slice(0, dot) !== '1') throw new Error('this pack link is from another version of Fixpoint');
  if (body.length > LINK_MAX_BYTES * 2) throw new Error('the pack link is too long');
  let json: unknown;
  try {
    json = JSON.parse(await unpackFromLink(body.slice(dot + 1), MAX_UNPACKED_BYTES, 'pack'));
  } catch (err) {
    throw new Error(`the pack link is damaged (${(err as Error).message})`, { cause: err });
  }
  return { kind: 'pack', pack: validatePack(json, LINK_FILE) };
}
