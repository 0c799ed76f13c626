// Splits a start-up (navigation to the first result) into its parts, from the moments the page,
// the sandbox frame and its first Python worker noted (src/sandbox/startup-times.ts). Each part
// runs from the moment before it to its own; a moment that was not noted leaves its part out and
// the next part takes its time. Parts that run side by side count only where they end past the
// ones before them (the critical path), so the parts still add up to the whole.
const PARTS: [label: string, moments: string[]][] = [
  ['page load (navigation to the sandbox opening)', ['sandbox opened']],
  ["frame's code fetched", ['frame sources fetched']],
  ['frame load (the document loaded)', ['frame loaded']],
  ["this browser's own snapshot looked up (Cache Storage) and handed over", ['snapshot looked up']],
  ['first Python worker started (beside the files fetch)', ['worker started']],
  ['Python files fetched by the page', ['python files fetched']],
  ['files handed to the frame', ['files handed to frame', 'frame got files']],
  ['Pyodide modules imported', ['pyodide imported']],
  ['wasm compile (in the frame, beside the worker start)', ['wasm compiled']],
  ['wasm instantiate (beside the snapshot read)', ['wasm instantiated']],
  [
    "snapshot unpacked (the built one) and read, Pyodide's module started, snapshot written into its memory",
    ['snapshot unpacked', 'snapshot read'],
  ],
  ['stdlib load (from scratch) or snapshot restore', ['stdlib loaded', 'snapshot restored']],
  ['harness import', ['harness imported']],
  ['ready to the page', ['python ready']],
  ['first run (asked over DevTools, to its result)', ['first result']],
];

/** [label, milliseconds] for each part, in order; they add up to the last moment. */
export function startupParts(moments: Record<string, number>): [string, number][] {
  const out: [string, number][] = [];
  let last = 0;
  for (const [label, names] of PARTS) {
    const at = Math.max(...names.map((n) => moments[n] ?? -Infinity));
    if (!Number.isFinite(at)) continue;
    out.push([label, Math.max(0, at - last)]);
    last = Math.max(last, at);
  }
  return out;
}
