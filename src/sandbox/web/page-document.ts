// The document a candidate page renders as: a CSP that allows the page's own inline scripts and
// styles and inline images but no request of any kind, the start-up script (frame/web/page-boot.ts)
// with the page's checks, then the candidate's HTML as written. Everything of ours comes first, so
// it runs before any of the page's scripts.
import { PAGE_CSP, type PageBootConfig } from '../../shared/web.ts';

/** JSON that is safe inside a script element: no `</script`, `<!--` or line separators break out of it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageDocument(html: string, bootSource: string, config: PageBootConfig): string {
  // The built start-up script is ours, but a string in it could still read as the end of the element.
  const boot = bootSource.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  return (
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">` +
    `<script>{const __FIXPOINT_WEB__=${scriptJson(config)};\n${boot}\n}</script>` +
    html
  );
}
