// The page's picture, drawn inside its own frame by modern-screenshot (the DOM cloned into an SVG
// foreignObject, drawn on a canvas): no screenshot API reaches into an opaque frame. The page can
// fetch nothing, so fonts and images that are not inline are left out, not waited for.
//
// modern-screenshot reads the browser's default styles from an iframe it adds, which the page's CSP
// refuses (frame-src 'none'); given a stand-in without a window, it copies every computed style
// instead of the ones that differ from the defaults: a larger SVG, the same picture.
import { createContext, domToPng } from 'modern-screenshot';
import type { Viewport } from '../../../shared/web.ts';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

/** The colour the browser paints the page's canvas with: the root's background, or the body's, which propagates to it. */
function canvasColour(doc: Document): string {
  const view = doc.defaultView;
  if (!view) return '#ffffff';
  for (const el of [doc.documentElement, doc.body]) {
    const colour = el ? view.getComputedStyle(el).backgroundColor : TRANSPARENT;
    if (colour && colour !== TRANSPARENT) return colour;
  }
  return '#ffffff';
}

export async function takePicture(doc: Document, viewport: Viewport): Promise<string> {
  const context = await createContext(doc.documentElement, {
    width: viewport.width,
    height: viewport.height,
    scale: 1,
    backgroundColor: canvasColour(doc),
    font: false,
    timeout: 500,
    fetchFn: () => Promise.resolve(false),
  });
  context.sandbox = { contentWindow: null } as unknown as HTMLIFrameElement;
  return domToPng(context);
}
