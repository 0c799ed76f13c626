// "Failed to fetch" hides three different problems; say all three and the provider's own fix.
import { ModelError } from './errors.ts';
import type { ErrorContext } from './describe.ts';

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
}

function isPrivateAddress(host: string): boolean {
  return isLoopback(host) || /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(host) || host.endsWith('.local');
}

/** Browser-only causes that no server setting can fix. */
function browserHints(baseUrl: string, pageOrigin: string | undefined): string[] {
  if (!pageOrigin) return [];
  let target: URL;
  let page: URL;
  try {
    target = new URL(baseUrl);
    page = new URL(pageOrigin);
  } catch {
    return [];
  }
  const out: string[] = [];
  if (page.protocol === 'https:' && target.protocol === 'http:' && !isLoopback(target.hostname)) {
    out.push(
      `This page is served over https, so the browser blocks plain http to ${target.host}; serve the endpoint over https or open this page from http://localhost.`,
    );
  }
  if (isPrivateAddress(target.hostname) && !isPrivateAddress(page.hostname)) {
    out.push('If the browser asks whether this site may access devices on your local network, allow it.');
  }
  return out;
}

export function networkError(ctx: ErrorContext): ModelError {
  const target = originOf(ctx.baseUrl);
  const page = ctx.pageOrigin ? ` (${ctx.pageOrigin})` : '';
  const message =
    `Could not reach ${target}. Either the server is not running or not at this address, this computer is offline, ` +
    `or the server's CORS settings do not allow calls from this page${page}.`;
  const providerHint = ctx.preset.corsHint.split('{origin}').join(ctx.pageOrigin ?? "this page's origin");
  const hint = [providerHint, ...browserHints(ctx.baseUrl, ctx.pageOrigin)].filter((s) => s !== '').join(' ');
  return new ModelError({ kind: 'network', message, hint });
}

/** The connection closed, or the body ended, before the format's end marker. */
export function droppedError(ctx: ErrorContext, why: string): ModelError {
  return new ModelError({
    kind: 'server',
    message: `The connection to ${originOf(ctx.baseUrl)} ended before the reply was complete (${why}).`,
    hint: 'Try again; if it keeps happening, the server may be crashing or a proxy may be cutting long responses.',
  });
}

export function malformedError(ctx: ErrorContext, what: string): ModelError {
  return new ModelError({
    kind: 'bad-response',
    message: `${originOf(ctx.baseUrl)} sent a reply that could not be read: ${what}.`,
    hint: `Check that the base URL points at an ${ctx.preset.provider === 'anthropic' ? 'Anthropic Messages' : ctx.preset.provider === 'ollama' ? 'Ollama' : 'OpenAI-compatible'} API and that the provider setting matches it.`,
  });
}
