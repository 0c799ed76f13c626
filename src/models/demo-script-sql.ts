// The demo model's replies for the bundled SQL questions: a first query with a mistake a real
// model makes, then the repair once the feedback says what differs.
interface SqlDemoScript {
  /** Words of the question the demo recognises it by. */
  question: string;
  first: string;
  repaired: string;
}

const fence = (intro: string, sql: string): string => `${intro}\n\n\`\`\`sql\n${sql}\n\`\`\``;

const SCRIPTS: readonly SqlDemoScript[] = [
  {
    question: 'How much did each customer who ordered spend in total?',
    first: fence(
      'Join orders to customers and sum the prices:',
      'SELECT c.name, SUM(p.price) AS spent\nFROM customers c\nJOIN orders o ON o.customer_id = c.id\nJOIN products p ON p.id = o.product_id\nGROUP BY c.id\nORDER BY spent DESC',
    ),
    repaired: fence(
      'The amount is price times quantity, not the price alone:',
      'SELECT c.name, SUM(p.price * o.quantity) AS spent\nFROM customers c\nJOIN orders o ON o.customer_id = c.id\nJOIN products p ON p.id = o.product_id\nGROUP BY c.id\nORDER BY spent DESC',
    ),
  },
  {
    question: 'What is the average mark in each course that has marks?',
    first: fence(
      'Average the marks per course:',
      'SELECT c.title, AVG(g.marks)\nFROM courses c\nJOIN grades g ON g.course = c.code\nGROUP BY c.code',
    ),
    repaired: fence(
      'The column is `mark`, not `marks`:',
      'SELECT c.title, AVG(g.mark)\nFROM courses c\nJOIN grades g ON g.course = c.code\nWHERE g.mark IS NOT NULL\nGROUP BY c.code',
    ),
  },
];

/** The demo's reply to a bundled SQL question, or undefined for anything else. */
export function sqlDemoReply(firstUser: string, repairing: boolean): string | undefined {
  const script = SCRIPTS.find((s) => firstUser.includes(`Question: ${s.question}`));
  if (!script) return undefined;
  return repairing ? script.repaired : script.first;
}
