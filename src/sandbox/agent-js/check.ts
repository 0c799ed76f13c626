// What the JavaScript session's worker reports, checked on the page: the worker runs the model's
// code, so every field is untrusted until it has the shape, type and size it should.
import type { AgentFile, RichOutput } from '../../shared/agent.ts';
import type { AgentJsResult } from '../../shared/agent-js-protocol.ts';
import { clip } from '../../shared/format.ts';

const RICH_MIMES = new Set(['text/plain', 'text/html', 'text/markdown', 'image/png', 'image/svg+xml']);
const RICH_MAX = 50;
const RICH_CHARS = 4_000_000;
const FILE_NAME = /^[^\0]{1,255}$/;
const FILE_BYTES = 50 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const text = (v: unknown, cap: number): string | undefined =>
  typeof v === 'string' ? clip(v, cap, { count: true }) : undefined;

function richOf(v: unknown): RichOutput | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { mime, data } = v as Partial<RichOutput>;
  if (typeof mime !== 'string' || !RICH_MIMES.has(mime) || typeof data !== 'string' || data.length > RICH_CHARS)
    return undefined;
  if (mime === 'image/png' && !BASE64.test(data)) return undefined;
  return { mime, data };
}

function fileOf(v: unknown): AgentFile | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const f = v as Partial<AgentFile>;
  if (typeof f.name !== 'string' || !FILE_NAME.test(f.name)) return undefined;
  if (typeof f.text === 'string') {
    const size = new TextEncoder().encode(f.text).length;
    return size > FILE_BYTES ? undefined : { name: f.name, size, text: f.text };
  }
  if (typeof f.base64 === 'string' && BASE64.test(f.base64)) {
    const size = Math.floor((f.base64.length * 3) / 4) - (f.base64.match(/=*$/)?.[0].length ?? 0);
    return size > FILE_BYTES ? undefined : { name: f.name, size, base64: f.base64 };
  }
  return undefined;
}

/** The action's result as the page believes it, or undefined when its shape is wrong. */
export function checkAgentResult(raw: unknown, outputCap: number): AgentJsResult | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (!Array.isArray(r.rich) || !Array.isArray(r.written) || !Array.isArray(r.removed)) return undefined;
  const rich = r.rich.slice(0, RICH_MAX).map(richOf);
  const written = r.written.map(fileOf);
  if (rich.includes(undefined) || written.includes(undefined)) return undefined;
  if (!r.removed.every((n) => typeof n === 'string')) return undefined;
  for (const k of ['value', 'error', 'finalAnswer'] as const)
    if (r[k] !== undefined && typeof r[k] !== 'string') return undefined;
  return {
    value: text(r.value, outputCap),
    rich: rich as RichOutput[],
    error: text(r.error, outputCap),
    finalAnswer: text(r.finalAnswer, outputCap),
    written: written as AgentFile[],
    removed: r.removed,
  };
}
