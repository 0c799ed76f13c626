// The demo model's actions for the bundled agent example (src/shared/agent-examples.ts): it reads
// the CSV, computes each region's revenue, displays a table, writes revenue.csv and calls
// final_answer (in Python; the same steps in JavaScript when that language is picked). Scripted:
// the same replies whatever the observations say.
import { AGENT_EXAMPLES } from '../shared/agent-examples.ts';

const fence = (intro: string, code: string, tag = 'python'): string => `${intro}\n\n\`\`\`${tag}\n${code}\n\`\`\``;
const js = (intro: string, code: string): string => fence(intro, code, 'javascript');

const PYTHON_ACTIONS: readonly string[] = [
  fence(
    'This is a scripted demo, not a real model. First, a look at the file:',
    [
      'import csv',
      "with open('sales.csv', newline='') as f:",
      '    rows = list(csv.DictReader(f))',
      "print(len(rows), 'rows; columns:', ', '.join(rows[0]))",
      'rows[0]',
    ].join('\n'),
  ),
  fence(
    'Revenue is units times unit price, summed per region. A table of it, and the same as revenue.csv:',
    [
      'revenue = {}',
      'for r in rows:',
      "    revenue[r['region']] = revenue.get(r['region'], 0) + int(r['units']) * float(r['unit_price'])",
      'ranked = sorted(revenue.items(), key=lambda kv: -kv[1])',
      '',
      'class Table:',
      '    def _repr_html_(self):',
      "        body = ''.join(f'<tr><td>{k}</td><td>{v:.2f}</td></tr>' for k, v in ranked)",
      "        return f'<table><thead><tr><th>Region</th><th>Revenue</th></tr></thead><tbody>{body}</tbody></table>'",
      '',
      'display(Table())',
      "with open('revenue.csv', 'w') as f:",
      "    f.write('region,revenue\\n' + ''.join(f'{k},{v:.2f}\\n' for k, v in ranked))",
      'ranked[0]',
    ].join('\n'),
  ),
  fence(
    'The first row of the ranking is the answer:',
    "best, amount = ranked[0]\nfinal_answer(f'{best}: {amount:.2f}')",
  ),
];

const JAVASCRIPT_ACTIONS: readonly string[] = [
  js(
    'This is a scripted demo, not a real model. First, a look at the file:',
    [
      "const fs = require('node:fs');",
      "const [head, ...rows] = fs.readFileSync('sales.csv', 'utf8').trim().split('\\n').map((l) => l.split(','));",
      "console.log(rows.length, 'rows; columns:', head.join(', '));",
      'rows[0]',
    ].join('\n'),
  ),
  js(
    'Revenue is units times unit price, summed per region. A table of it, and the same as revenue.csv:',
    [
      'const revenue = {};',
      'for (const [, region, , units, price] of rows) revenue[region] = (revenue[region] ?? 0) + units * price;',
      'const ranked = Object.entries(revenue).sort((a, b) => b[1] - a[1]);',
      "const body = ranked.map(([k, v]) => `<tr><td>${k}</td><td>${v.toFixed(2)}</td></tr>`).join('');",
      "display({ 'text/html': `<table><thead><tr><th>Region</th><th>Revenue</th></tr></thead><tbody>${body}</tbody></table>` });",
      "fs.writeFileSync('revenue.csv', 'region,revenue\\n' + ranked.map(([k, v]) => `${k},${v.toFixed(2)}\\n`).join(''));",
      'ranked[0]',
    ].join('\n'),
  ),
  js(
    'The first row of the ranking is the answer:',
    'const [best, amount] = ranked[0];\nfinalAnswer(`${best}: ${amount.toFixed(2)}`);',
  ),
];

/** The scripted reply after `observations` observations, or undefined when this is not the example's goal. */
export function agentDemoReply(firstUser: string, observations: number): string | undefined {
  const example = AGENT_EXAMPLES.find((e) => firstUser.startsWith(`Goal:\n${e.goal}`));
  if (!example) return undefined;
  const actions = firstUser.includes('\n\nLanguage: JavaScript.') ? JAVASCRIPT_ACTIONS : PYTHON_ACTIONS;
  return (
    actions[observations] ??
    'This is a scripted demo: it has no more actions for this example, and answers nothing further.'
  );
}
