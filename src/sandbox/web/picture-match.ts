// Compares a page's picture with the task's reference (a mock-up) by pixelmatch, and names where
// they differ as boxes in page coordinates: differing pixels are counted on a grid of cells, and
// neighbouring cells with enough of them are joined into regions.
import pixelmatch from 'pixelmatch';
import type { Box, PictureMatch, Viewport } from '../../shared/web.ts';
import { regionsOf } from './regions.ts';

async function pixels(png: string): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const url = png.startsWith('data:') ? png : `data:image/png;base64,${png}`;
  const blob = await (await fetch(url)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { data: ctx.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width, height: canvas.height };
}

export async function matchPicture(
  picture: string | undefined,
  reference: string,
  threshold: number,
  viewport: Viewport,
): Promise<PictureMatch> {
  const whole: Box[] = [{ x: 0, y: 0, width: viewport.width, height: viewport.height }];
  if (!picture) return { differing: 1, threshold, regions: whole, sizeMismatch: 'the page gave no picture' };
  let a, b;
  try {
    [a, b] = await Promise.all([pixels(picture), pixels(reference)]);
  } catch {
    return {
      differing: 1,
      threshold,
      regions: whole,
      sizeMismatch: 'the reference is not a PNG image that can be read',
    };
  }
  if (a.width !== b.width || a.height !== b.height)
    return {
      differing: 1,
      threshold,
      regions: whole,
      sizeMismatch: `the page is ${a.width}x${a.height} and the reference ${b.width}x${b.height}`,
    };
  const diff = new Uint8ClampedArray(a.width * a.height * 4);
  const count = pixelmatch(a.data, b.data, diff, a.width, a.height, { threshold: 0.1, diffMask: true });
  return { differing: count / (a.width * a.height), threshold, regions: regionsOf(diff, a.width, a.height) };
}
