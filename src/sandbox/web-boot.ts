// The start-up script of a candidate web page's frame (frame/web/page-boot.ts), built as one
// classic script and fetched once per page as text: web/page-document.ts puts it in each page.
import bootUrl from './frame/web/page-boot.ts?worker&url';

let source: Promise<string> | undefined;

export function loadBoot(): Promise<string> {
  source ??= fetch(bootUrl).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))));
  source.catch(() => (source = undefined));
  return source;
}
