// Web pages as a task kind: what a page job carries and what its render reports. The page side
// (src/sandbox/web/) and the code inside the page's frame (src/sandbox/frame/web/) import only
// these types. Written for Fixpoint; CC0.

export interface Viewport {
  width: number;
  height: number;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 800, height: 600 };

/** The largest share of pixels that may differ from the reference when a row names no threshold. */
export const DEFAULT_THRESHOLD = 0.05;

/** How a web page is checked: the TestSpec of a page job. */
export interface WebTests {
  kind: 'web';
  /** JavaScript run in the page once it has loaded: `assert` (Node's), `test(name, fn)` and `await`. */
  checks: string;
  viewport?: Viewport;
  /** A mock-up the page's picture must match: a PNG as base64 (or a data: URL). */
  reference?: string;
  /** With a reference: the largest share of pixels (0 to 1) that may differ. */
  threshold?: number;
  /** Take a picture of the page (always taken when there is a reference). */
  picture?: boolean;
}

/** A box in page coordinates (CSS pixels from the page's top left). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How the page's picture compares with the reference. */
export interface PictureMatch {
  /** Share of pixels that differ (0 to 1). */
  differing: number;
  threshold: number;
  /** Where they differ, largest first. */
  regions: Box[];
  /** The picture and the reference are not the same size. */
  sizeMismatch?: string;
}

/** What a render adds to its RunResult. */
export interface WebOutcome {
  /** The rendered page as a PNG data: URL, when a picture was asked for and could be taken. */
  picture?: string;
  /** Why no picture could be taken, when one was asked for. */
  pictureError?: string;
  match?: PictureMatch;
  /** Console errors (and warnings), in order, as the page wrote them. */
  console: string[];
  /** Uncaught errors and unhandled rejections, while loading or checking. */
  errors: string[];
}

/**
 * No connect-src, frame-src, form-action or navigate-to: each falls back to default-src 'none'.
 * 'unsafe-eval' lets the checks be compiled (before the page exists); the page gains nothing by it
 * that its inline scripts do not have already.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A viewport as rows give it, or why it is not one. */
export function readViewport(v: unknown): Viewport | string {
  if (typeof v !== 'object' || v === null) return 'viewport must be {"width": W, "height": H}';
  const { width, height } = v as Record<string, unknown>;
  if (!isNumber(width) || !isNumber(height) || width < 50 || height < 50 || width > 4000 || height > 4000)
    return 'viewport width and height must be numbers from 50 to 4000';
  return { width: Math.round(width), height: Math.round(height) };
}

/** What the code that starts the page's frame is given, inside the page's own document. */
export interface PageBootConfig {
  checks: string;
  picture: boolean;
  viewport: Viewport;
}

/** The first message the page's frame posts to the page that made it: the verdict's private port. */
export const PAGE_HELLO = 'fixpoint-web-hello';

/** page -> the page's frame, over the private port */
export type HostToPage = { type: 'go' } | { type: 'ping' };

/** One check's outcome, as the frame reports it. */
export interface PageCheck {
  name: string;
  passed: boolean;
  message?: string;
  expected?: string;
  actual?: string;
}

/** the page's frame -> page, over the private port; checked on arrival (src/sandbox/web/report.ts) */
export type PageToHost =
  | { type: 'pong' }
  | {
      type: 'report';
      checks: PageCheck[];
      /** The checks' first failure as "<Type>: <message>", when one failed. */
      failure?: string;
      /** The class of the checks' first failure (AssertionError, TypeError, ...). */
      failureType?: string;
      /** Line of the first failure in the checks, when known. */
      line?: number;
      errors: string[];
      console: string[];
      picture?: string;
      pictureError?: string;
    };
