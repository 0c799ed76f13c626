// Bundled web page tasks: one HTML document checked in the rendered page. The demo model solves
// them (src/models/demo-script-web.ts).
import { DEFAULT_LIMITS } from './run.ts';
import type { Task } from './task.ts';

function webExample(id: string, title: string, prompt: string, checks: string[]): Task {
  return {
    kind: 'web',
    id: `example-${id}`,
    title,
    prompt,
    language: 'html',
    tests: { kind: 'web', checks: `${checks.join('\n')}\n`, viewport: { width: 480, height: 320 } },
    limits: { ...DEFAULT_LIMITS },
  };
}

export const WEB_EXAMPLES: readonly Task[] = [
  webExample(
    'web-counter',
    'Counter page (web page)',
    'Write a web page with a counter: a number (id `count`) that starts at 0, a button (id `add`) that adds one and a button (id `reset`) that sets it back to 0. The number is large (at least 48px) and centred.',
    [
      "const count = document.getElementById('count');",
      "document.getElementById('add').click();",
      "document.getElementById('add').click();",
      "assert.strictEqual(count.textContent.trim(), '2');",
      "document.getElementById('reset').click();",
      "assert.strictEqual(count.textContent.trim(), '0');",
      "assert.ok(parseFloat(getComputedStyle(count).fontSize) >= 48, 'the number is at least 48px');",
    ],
  ),
  webExample(
    'web-todo',
    'To-do list page (web page)',
    'Write a web page with a to-do list: a text field (id `item`), a button (id `add-item`) that adds the text as a new `li` of the list (id `items`) and clears the field. Blank text adds nothing.',
    [
      "const field = document.getElementById('item');",
      "const add = document.getElementById('add-item');",
      "field.value = 'milk'; add.click();",
      "field.value = '   '; add.click();",
      "field.value = 'bread'; add.click();",
      "const items = [...document.querySelectorAll('#items li')].map((li) => li.textContent.trim());",
      "assert.deepStrictEqual(items, ['milk', 'bread']);",
      "assert.strictEqual(field.value, '');",
    ],
  ),
];
