// The bundled agent example: a goal and a small CSV file (made up for Fixpoint, no licence
// attached), which the offline demo model works through with scripted actions.
import type { AgentFile, AgentLanguage } from './agent.ts';

export interface AgentExample {
  id: string;
  title: string;
  goal: string;
  language: AgentLanguage;
  files: AgentFile[];
}

const SALES_CSV = `date,region,product,units,unit_price
2026-01-05,North,kettle,12,24.50
2026-01-05,South,toaster,7,31.00
2026-01-12,East,kettle,9,24.50
2026-01-12,West,blender,4,58.90
2026-01-19,North,blender,6,58.90
2026-01-19,South,kettle,15,24.50
2026-01-26,East,toaster,11,31.00
2026-01-26,West,kettle,8,24.50
2026-02-02,North,toaster,10,31.00
2026-02-02,South,blender,3,58.90
2026-02-09,East,blender,7,58.90
2026-02-09,West,toaster,5,31.00
2026-02-16,North,kettle,14,24.50
2026-02-16,South,toaster,9,31.00
2026-02-23,East,kettle,6,24.50
2026-02-23,West,blender,9,58.90
`;

export const AGENT_EXAMPLES: readonly AgentExample[] = [
  {
    id: 'agent-sales-regions',
    title: 'Sales by region (CSV)',
    goal: 'Which region had the highest revenue (units times unit price) in sales.csv? Show the revenue of every region as a table, save it as revenue.csv, and answer with the region and its revenue.',
    language: 'python',
    files: [{ name: 'sales.csv', size: new TextEncoder().encode(SALES_CSV).length, text: SALES_CSV, mime: 'text/csv' }],
  },
];
