// What an agent run's interpreter reports, read as untrusted data: the action's own code ran in
// that worker and could have shaped any of it. Only the fields of an Observation are kept, each of
// its type and within its size; anything else is refused.
import type { AgentFile, Observation, RichOutput } from '../../shared/agent.ts';

const RICH_MIMES = new Set(['text/html', 'text/markdown', 'text/plain', 'image/png', 'image/jpeg', 'image/svg+xml']);
const MAX_RICH = 50;
const RICH_CHARS = 4 << 20;
const TEXT_CHARS = 100_000;
const MAX_FILES = 200;

export type Reported = Omit<Observation, 'ms' | 'timedOut' | 'stateLost'> & { errorType?: string };

const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);

/** The observation the worker reported, or undefined when it is not one. */
export function readObservation(raw: unknown, outputCap: number): Reported | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  if (typeof o.output !== 'string' || !Array.isArray(o.rich)) return undefined;
  const rich: RichOutput[] = [];
  for (const item of o.rich.slice(0, MAX_RICH)) {
    if (typeof item !== 'object' || item === null) continue;
    const { mime, data } = item as Record<string, unknown>;
    if (typeof mime === 'string' && RICH_MIMES.has(mime) && typeof data === 'string')
      rich.push({ mime, data: data.slice(0, RICH_CHARS) });
  }
  const cut = o.output.length > outputCap;
  const seen: Reported = { output: o.output.slice(0, outputCap), rich };
  if (cut || o.outputCut === true) seen.outputCut = true;
  const value = str(o.value, TEXT_CHARS);
  if (value !== undefined) seen.value = value;
  const error = str(o.error, TEXT_CHARS);
  if (error !== undefined) seen.error = error;
  const errorType = str(o.errorType, 100);
  if (errorType !== undefined) seen.errorType = errorType;
  const answer = str(o.finalAnswer, TEXT_CHARS);
  if (answer !== undefined) seen.finalAnswer = answer;
  return seen;
}

/** The working directory's files as the worker listed them; entries of another shape are dropped. */
export function readFiles(raw: unknown): AgentFile[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const files: AgentFile[] = [];
  for (const f of raw.slice(0, MAX_FILES)) {
    if (typeof f !== 'object' || f === null) continue;
    const { name, size, text, base64, mime } = f as Record<string, unknown>;
    if (typeof name !== 'string' || name === '' || typeof size !== 'number' || !(size >= 0)) continue;
    const file: AgentFile = { name: name.slice(0, 500), size };
    if (typeof text === 'string') file.text = text;
    else if (typeof base64 === 'string' && /^[A-Za-z0-9+/=]*$/.test(base64)) file.base64 = base64;
    if (typeof mime === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(mime)) file.mime = mime;
    files.push(file);
  }
  return files;
}
