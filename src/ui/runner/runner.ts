// A Python box, a Run button, output in the terminal, the verdict and each test's result.
import type { RunResult, Runtime } from '../../shared/run.ts';
import { DEFAULT_LIMITS } from '../../shared/run.ts';
import { createTerminal } from '../terminal/terminal.ts';

const SAMPLE_CODE = `def add(a, b):
    return a + b

print("adding", 2, 3)
`;
const SAMPLE_TESTS = `assert add(2, 3) == 5
assert add(-1, 1) == 0
`;

export function mountRunner(root: HTMLElement, runtime: Runtime & { ready?: Promise<{ isolated: boolean }> }): void {
  root.innerHTML = `
    <section class="runner">
      <label>Code <textarea class="code" spellcheck="false" rows="14"></textarea></label>
      <label>Tests <textarea class="tests" spellcheck="false" rows="6"></textarea></label>
      <div class="bar">
        <button class="run" type="button">Run</button>
        <button class="stop" type="button" disabled>Stop</button>
        <label>Time limit (s) <input class="timeout" type="number" min="0.1" step="0.1" value="${DEFAULT_LIMITS.timeoutSec}" /></label>
        <span class="status" role="status">Starting Python…</span>
      </div>
      <div class="verdict" aria-live="polite"></div>
      <ul class="tests-list"></ul>
      <div class="terminal"></div>
    </section>`;
  const $ = <T extends Element>(sel: string): T => root.querySelector(sel) as T;
  const code = $<HTMLTextAreaElement>('.code');
  const tests = $<HTMLTextAreaElement>('.tests');
  const runBtn = $<HTMLButtonElement>('.run');
  const stopBtn = $<HTMLButtonElement>('.stop');
  const status = $<HTMLElement>('.status');
  const verdict = $<HTMLElement>('.verdict');
  const list = $<HTMLUListElement>('.tests-list');
  const term = createTerminal($<HTMLElement>('.terminal'));
  code.value = SAMPLE_CODE;
  tests.value = SAMPLE_TESTS;
  runtime.ready?.then(
    (s) => (status.textContent = s.isolated ? 'Python ready (isolated)' : 'Python ready'),
    (e: Error) => (status.textContent = e.message),
  );
  let cancel: (() => void) | undefined;

  async function run(): Promise<void> {
    if (cancel) return;
    term.clear();
    verdict.textContent = 'Running…';
    verdict.className = 'verdict';
    list.replaceChildren();
    const timeoutSec = Math.max(0.1, Number($<HTMLInputElement>('.timeout').value) || DEFAULT_LIMITS.timeoutSec);
    const handle = runtime.run(
      { language: 'python', code: code.value, tests: tests.value.trim() ? { kind: 'user', source: tests.value } : { kind: 'none' }, limits: { ...DEFAULT_LIMITS, timeoutSec } },
      (stream, text) => term.write(text, stream),
    );
    cancel = handle.cancel;
    runBtn.disabled = true;
    stopBtn.disabled = false;
    try {
      show(await handle.result);
    } finally {
      cancel = undefined;
      runBtn.disabled = false;
      stopBtn.disabled = true;
    }
  }

  function show(r: RunResult): void {
    const passed = r.tests.filter((t) => t.passed).length;
    verdict.textContent = `${r.status}${r.tests.length ? ` — ${passed}/${r.tests.length} tests` : ''} (${r.durationMs} ms)`;
    verdict.className = `verdict ${r.status === 'passed' ? 'ok' : 'bad'}`;
    verdict.dataset.status = r.status;
    for (const t of r.tests) {
      const li = document.createElement('li');
      li.className = t.passed ? 'ok' : 'bad';
      li.textContent = `${t.passed ? '✓' : '✗'} ${t.name}${t.passed ? '' : `: expected ${t.expected ?? '?'}, got ${t.actual ?? t.message ?? '?'}`}`;
      list.append(li);
    }
    if (r.exception) term.write(`\n${r.exception.traceback || `${r.exception.type}: ${r.exception.message}`}\n`, 'stderr');
    term.write(`\n[${r.status}] ${r.result}\n`, r.status === 'passed' ? 'ok' : 'fail');
  }

  runBtn.addEventListener('click', () => void run());
  stopBtn.addEventListener('click', () => cancel?.());
  root.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      void run();
    }
  });
}
