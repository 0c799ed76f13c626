// What a share link must never carry: a link ends up in chats, slides and browser histories.
// The patterns are the shapes of common API keys and of URLs with a user name or password in them.

const PATTERNS: { what: string; re: RegExp }[] = [
  { what: 'an API key (sk-…)', re: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/ },
  { what: 'an AWS access key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { what: 'a GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/ },
  { what: 'a Slack token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { what: 'a Google API key', re: /\bAIza[0-9A-Za-z_-]{30,}/ },
  { what: 'a Hugging Face token', re: /\bhf_[A-Za-z0-9]{20,}/ },
  { what: 'a private key', re: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { what: 'a JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { what: 'a URL with a user name or password', re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/@:'"`]+(?::[^\s/@'"`]*)?@[^\s/]/i },
  {
    what: 'a key or token assignment',
    re: /\b(?:api[_-]?key|secret|password|passwd|access[_-]?token|auth[_-]?token)\s*[:=]\s*["']?[A-Za-z0-9_\-./+]{12,}/i,
  },
];

export interface SecretFinding {
  /** Where in the pack, e.g. `exercises[2].solution`. */
  path: string;
  what: string;
}

/** Every string in the value that looks like a credential, with where it is. */
export function findSecrets(value: unknown, path = ''): SecretFinding[] {
  if (typeof value === 'string') {
    const hit = PATTERNS.find((p) => p.re.test(value));
    return hit ? [{ path: path || '(the pack)', what: hit.what }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => findSecrets(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [
      ...findSecrets(k, path),
      ...findSecrets(v, path ? `${path}.${k}` : k),
    ]);
  }
  return [];
}
