// Completion, hover and signature help for TypeScript and JavaScript in the editor, answered by
// the page's TypeScript checker worker (its language service). Both ends are Fixpoint's own code.

export type IntelLanguage = 'typescript' | 'javascript';

/** The editor's whole text and a 0-based offset in it. */
export interface IntelRequest {
  code: string;
  position: number;
  language: IntelLanguage;
}

export interface IntelCompletion {
  name: string;
  /** TypeScript's kind: `method`, `property`, `function`, `var`, `keyword`, … */
  kind: string;
  /** Lower sorts first, as TypeScript orders them (`10`, `11`, … ; `z…` for deprecated). */
  sortText: string;
  /** What to insert when it differs from the name (`?.name`, `["a b"]`). */
  insertText?: string;
  /** The text to replace when it is not the word before the position (0-based, end exclusive). */
  replace?: { from: number; to: number };
}

export interface IntelCompletions {
  /** Where the word being completed starts and ends. */
  from: number;
  to: number;
  entries: IntelCompletion[];
}

/** A signature with its documentation, as a hover or a completion's details show it. */
export interface IntelInfo {
  /** The span the information is about (a hover's word); absent for a completion's details. */
  from?: number;
  to?: number;
  /** `function add(a: number, b: number): number` */
  signature: string;
  documentation: string;
}

export interface IntelSignatures {
  /** One per overload: its text, split where the parameters are so the active one can be marked. */
  items: { prefix: string; parameters: string[]; separator: string; suffix: string; documentation: string }[];
  selected: number;
  /** The argument the position is in (0-based). */
  argument: number;
}

/**
 * Requests are latest-wins: a request of a kind replaces the one of the same kind still waiting,
 * which answers undefined; so does a request whose signal aborts before it is served.
 */
export interface CodeIntel {
  completions(req: IntelRequest, signal?: AbortSignal): Promise<IntelCompletions | undefined>;
  completionDetails(req: IntelRequest & { name: string }, signal?: AbortSignal): Promise<IntelInfo | undefined>;
  quickInfo(req: IntelRequest, signal?: AbortSignal): Promise<IntelInfo | undefined>;
  signatureHelp(req: IntelRequest, signal?: AbortSignal): Promise<IntelSignatures | undefined>;
  /** Starts the service now (the person is in a TypeScript or JavaScript editor), so the first answer is fast. */
  warm(): void;
}
