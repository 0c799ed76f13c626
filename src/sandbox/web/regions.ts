// Where two pictures differ, as a few boxes: the diff (pixelmatch's mask, a differing pixel opaque)
// is counted on a grid of CELL-pixel cells; cells with a differing pixel are joined with their
// neighbours (8 ways) into regions, each reported as its bounding box, largest first.
import type { Box } from '../../shared/web.ts';

const CELL = 16;
const MAX_REGIONS = 8;

/** Differing pixels are drawn red in the mask; anti-aliasing (yellow) is no difference. */
const differs = (mask: Uint8ClampedArray, i: number): boolean => mask[i + 3]! > 0 && mask[i + 1] === 0;

export function regionsOf(mask: Uint8ClampedArray, width: number, height: number): Box[] {
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const marked = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (differs(mask, (y * width + x) * 4)) marked[((y / CELL) | 0) * cols + ((x / CELL) | 0)] = 1;
  const boxes: (Box & { cells: number })[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start++) {
    if (marked[start] !== 1) continue;
    marked[start] = 2;
    stack.push(start);
    let [x0, y0, x1, y1, cells] = [cols, rows, -1, -1, 0];
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % cols;
      const cy = (c / cols) | 0;
      cells++;
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (marked[n] === 1) {
            marked[n] = 2;
            stack.push(n);
          }
        }
    }
    const x = x0 * CELL;
    const y = y0 * CELL;
    boxes.push({
      x,
      y,
      width: Math.min(width, (x1 + 1) * CELL) - x,
      height: Math.min(height, (y1 + 1) * CELL) - y,
      cells,
    });
  }
  boxes.sort((p, q) => q.width * q.height - p.width * p.height || q.cells - p.cells);
  return boxes.slice(0, MAX_REGIONS).map(({ x, y, width: w, height: h }) => ({ x, y, width: w, height: h }));
}
