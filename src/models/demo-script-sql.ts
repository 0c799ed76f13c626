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
  // data/bird-mini, the Benchmark view's bundled SQL set: six of its 24 questions.
  {
    question: 'How many books are in the genre fiction?',
    first: fence('Count the fiction books:', "SELECT COUNT(*) FROM books WHERE genre = 'fiction'"),
    repaired: fence('Count the fiction books:', "SELECT COUNT(*) FROM books WHERE genre = 'fiction'"),
  },
  {
    question: "Which author's books were borrowed the most times?",
    first: fence(
      'Count loans per author and take the first:',
      'SELECT a.name FROM loans l JOIN books b ON b.book_id = l.book_id JOIN authors a ON a.author_id = b.author_id\nGROUP BY a.author_id ORDER BY COUNT(*) LIMIT 1',
    ),
    repaired: fence(
      'The most loans come first when sorted in descending order:',
      'SELECT a.name FROM loans l JOIN books b ON b.book_id = l.book_id JOIN authors a ON a.author_id = b.author_id\nGROUP BY a.author_id ORDER BY COUNT(*) DESC LIMIT 1',
    ),
  },
  {
    question: 'How many patients are insured?',
    first: fence('Count the insured patients:', 'SELECT COUNT(*) FROM patients WHERE insured = 1'),
    repaired: fence('Count the insured patients:', 'SELECT COUNT(*) FROM patients WHERE insured = 1'),
  },
  {
    question: 'What is the total fee charged by each doctor?',
    first: fence(
      'Sum the fees per doctor:',
      'SELECT d.name, SUM(v.fees) FROM visits v JOIN doctors d ON d.doctor_id = v.doctor_id\nGROUP BY d.doctor_id ORDER BY 2 DESC',
    ),
    repaired: fence(
      'The column is `fee`:',
      'SELECT d.name, SUM(v.fee) FROM visits v JOIN doctors d ON d.doctor_id = v.doctor_id\nGROUP BY d.doctor_id ORDER BY 2 DESC',
    ),
  },
  {
    question: 'How many stops are in zone 1?',
    first: fence('Count the stops in zone 1:', 'SELECT COUNT(*) FROM stops WHERE zone = 1'),
    repaired: fence('Count the stops in zone 1:', 'SELECT COUNT(*) FROM stops WHERE zone = 1'),
  },
  {
    question: 'Which stops are not served by any line?',
    first: fence(
      'Stops with no row in line_stops:',
      'SELECT s.name FROM stops s JOIN line_stops ls ON ls.stop_id = s.stop_id WHERE ls.line_id IS NULL',
    ),
    repaired: fence(
      'An inner join drops the stops without a line; a LEFT JOIN keeps them:',
      'SELECT s.name FROM stops s LEFT JOIN line_stops ls ON ls.stop_id = s.stop_id WHERE ls.line_id IS NULL',
    ),
  },
];

/** The bundled SQL set's questions the demo model answers (data/bird-mini's question_ids). */
export const DEMO_BIRD_MINI_IDS: readonly number[] = [0, 4, 8, 10, 16, 20];

/** The demo's reply to a bundled SQL question, or undefined for anything else. */
export function sqlDemoReply(firstUser: string, repairing: boolean): string | undefined {
  const script = SCRIPTS.find((s) => firstUser.includes(`Question: ${s.question}`));
  if (!script) return undefined;
  return repairing ? script.repaired : script.first;
}
