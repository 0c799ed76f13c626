// The Benchmark set-up is kept in this browser as it is changed, and put back when the view
// opens again (after a reload it was back to its defaults). A file cannot be kept: with "A file"
// picked, the dataset goes back to the first bundled one.
const KEY = 'fixpoint.bench-form';

type Field = HTMLInputElement | HTMLSelectElement;

function fields(form: HTMLFormElement): Field[] {
  return Array.from(form.elements).filter(
    (el): el is Field => (el instanceof HTMLInputElement && el.type !== 'file') || el instanceof HTMLSelectElement,
  );
}

export function rememberForm(form: HTMLFormElement): void {
  let saved: Record<string, string> = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    // Storage refused or the value damaged: the defaults stand.
  }
  for (const el of fields(form)) {
    const value = saved[el.name];
    if (typeof value !== 'string' || (el.name === 'dataset' && value === 'file')) continue;
    if (el instanceof HTMLSelectElement && !Array.from(el.options).some((o) => o.value === value)) continue;
    el.value = value;
    el.dispatchEvent(new Event('change'));
  }
  const keep = (): void => {
    const values = Object.fromEntries(fields(form).map((el) => [el.name, el.value]));
    try {
      localStorage.setItem(KEY, JSON.stringify(values));
    } catch {
      // Not kept: the form still works for this visit.
    }
  };
  form.addEventListener('change', keep);
  form.addEventListener('input', keep);
}
