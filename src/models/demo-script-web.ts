// The demo model's pages for the bundled web page tasks: a first page with a mistake a real model
// makes, then the repair once the failed check comes back.
interface WebDemoScript {
  /** Words of the task the demo recognises it by. */
  marker: string;
  first: string;
  repaired: string;
}

const fence = (intro: string, html: string): string => `${intro}\n\n\`\`\`html\n${html}\n\`\`\``;

const counter = (reset: string): string => `<!doctype html>
<html>
<head>
<style>
  body { font-family: system-ui, sans-serif; text-align: center; margin-top: 40px; }
  #count { font-size: 64px; margin: 0 0 16px; }
  button { font-size: 18px; padding: 6px 16px; }
</style>
</head>
<body>
  <p id="count">0</p>
  <button id="add">Add one</button>
  <button id="reset">Reset</button>
  <script>
    const count = document.getElementById('count');
    let n = 0;
    document.getElementById('add').addEventListener('click', () => { n += 1; count.textContent = n; });
    document.getElementById('reset').addEventListener('click', () => { ${reset} count.textContent = n; });
  </script>
</body>
</html>`;

const todo = (guard: string): string => `<!doctype html>
<html>
<head>
<style>
  body { font-family: system-ui, sans-serif; margin: 24px; }
  #items { padding-left: 20px; }
</style>
</head>
<body>
  <h1>To do</h1>
  <input id="item" placeholder="Something to do">
  <button id="add-item">Add</button>
  <ul id="items"></ul>
  <script>
    const field = document.getElementById('item');
    document.getElementById('add-item').addEventListener('click', () => {
      const text = field.value.trim();
      ${guard}
      const li = document.createElement('li');
      li.textContent = text;
      document.getElementById('items').append(li);
      field.value = '';
    });
  </script>
</body>
</html>`;

const SCRIPTS: readonly WebDemoScript[] = [
  {
    marker: 'a number (id `count`) that starts at 0',
    first: fence('A counter page:', counter('')),
    repaired: fence('Reset must set the count back to 0 as well as show it:', counter('n = 0;')),
  },
  {
    marker: 'a button (id `add-item`)',
    first: fence('A to-do list page:', todo('')),
    repaired: fence('Blank text must add nothing:', todo("if (text === '') return;")),
  },
];

/** The demo's reply to a bundled web page task, or undefined for anything else. */
export function webDemoReply(firstUser: string, repairing: boolean): string | undefined {
  const script = SCRIPTS.find((s) => firstUser.includes(s.marker));
  if (!script) return undefined;
  return repairing ? script.repaired : script.first;
}
