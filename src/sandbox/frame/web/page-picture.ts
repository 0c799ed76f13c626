// The page's picture, drawn inside its own frame by modern-screenshot (the DOM cloned into an SVG
// foreignObject, drawn on a canvas): no screenshot API reaches into an opaque frame. The page can
// fetch nothing, so fonts and images that are not inline are left out, not waited for.
//
// modern-screenshot reads the browser's default styles from an iframe it adds, which the page's CSP
// refuses (frame-src 'none'); given a stand-in without a window, it copies every computed style
// instead of the ones that differ from the defaults: a larger SVG, the same picture.
import { createContext, domToPng } from 'modern-screenshot';
import type { Viewport } from '../../../shared/web.ts';

export async function takePicture(doc: Document, viewport: Viewport): Promise<string> {
  const context = await createContext(doc.documentElement, {
    width: viewport.width,
    height: viewport.height,
    scale: 1,
    backgroundColor: '#ffffff',
    font: false,
    timeout: 500,
    fetchFn: () => Promise.resolve(false),
  });
  context.sandbox = { contentWindow: null } as unknown as HTMLIFrameElement;
  return domToPng(context);
}
