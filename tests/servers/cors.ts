// CORS as a strict real server does it: an allowed origin gets its own origin back, a refused
// one gets no CORS headers at all (so the browser reports "Failed to fetch").
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CorsOptions {
  /** '*' allows every origin (reflected, as llama.cpp and vLLM do). */
  allowedOrigins: string[] | '*';
  /** Request headers a preflight may ask for. */
  allowedHeaders: string[];
  /** Response headers the page may read (Retry-After is unreadable without this). */
  exposeHeaders: string[];
}

function originAllowed(origin: string | undefined, opts: CorsOptions): boolean {
  if (origin === undefined) return true;
  return opts.allowedOrigins === '*' || opts.allowedOrigins.includes(origin);
}

/** Headers for an actual (non-preflight) response; none for a refused origin. */
export function corsHeaders(origin: string | undefined, opts: CorsOptions): Record<string, string> {
  if (origin === undefined || !originAllowed(origin, opts)) return {};
  const h: Record<string, string> = { 'access-control-allow-origin': origin, vary: 'Origin' };
  if (opts.exposeHeaders.length > 0) h['access-control-expose-headers'] = opts.exposeHeaders.join(', ');
  return h;
}

/** Answers OPTIONS. Returns the headers the preflight asked for, for the request log. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, opts: CorsOptions): string[] {
  const origin = req.headers.origin;
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  if (origin === undefined || !originAllowed(origin, opts)) {
    res.writeHead(204);
    res.end();
    return asked;
  }
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': opts.allowedHeaders.join(', '),
    // No caching: each test must see its own preflight.
    'access-control-max-age': '0',
    vary: 'Origin, Access-Control-Request-Headers',
  };
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['access-control-allow-private-network'] = 'true';
  }
  res.writeHead(204, headers);
  res.end();
  return asked;
}
