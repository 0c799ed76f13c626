// The Python harness's sources, as text: a chunk of their own, fetched with Pyodide's files when
// Python starts rather than with the page.
export const harnessSources = import.meta.glob<string>('./frame/py/*.py', {
  query: '?raw',
  import: 'default',
  eager: true,
});
