// The user's files in an agent session, as plain data: read from bytes (text when it is UTF-8
// text, else base64), back to bytes for a download, and which of them an export keeps.
import type { AgentFile } from './agent.ts';

/** Files past this, together, are left out of a history export (the export says which). */
export const EXPORT_FILES_LIMIT = 5 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  json: 'application/json',
  md: 'text/markdown',
  html: 'text/html',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

function mimeOf(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/** Text when the bytes are UTF-8 with no NUL byte (what Python's `open(name)` reads back as is). */
export function fileFromBytes(name: string, bytes: Uint8Array): AgentFile {
  const mime = mimeOf(name);
  if (!bytes.includes(0)) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return { name, size: bytes.length, text, mime };
    } catch {
      // Not UTF-8: kept as bytes.
    }
  }
  return { name, size: bytes.length, base64: toBase64(bytes), mime };
}

export function fileBytes(file: AgentFile): Uint8Array {
  if (file.text !== undefined) return new TextEncoder().encode(file.text);
  return fromBase64(file.base64 ?? '');
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** A file added under a name already there replaces it, as a copy into a folder does. */
export function withFile(files: readonly AgentFile[], file: AgentFile): AgentFile[] {
  return [...files.filter((f) => f.name !== file.name), file];
}

/** The files the code wrote or changed: not among the inputs, or different from them. */
export function changedFiles(inputs: readonly AgentFile[], now: readonly AgentFile[]): AgentFile[] {
  const before = new Map(inputs.map((f) => [f.name, f]));
  return now.filter((f) => {
    const old = before.get(f.name);
    return !old || old.size !== f.size || old.text !== f.text || old.base64 !== f.base64;
  });
}

/** Kept in order until the limit is reached; a file that does not fit is left out, smaller later ones may still fit. */
export function splitForExport(
  files: readonly AgentFile[],
  limit = EXPORT_FILES_LIMIT,
): { kept: AgentFile[]; leftOut: { name: string; size: number }[] } {
  const kept: AgentFile[] = [];
  const leftOut: { name: string; size: number }[] = [];
  let used = 0;
  for (const f of files) {
    if (used + f.size <= limit) {
      kept.push(f);
      used += f.size;
    } else leftOut.push({ name: f.name, size: f.size });
  }
  return { kept, leftOut };
}
