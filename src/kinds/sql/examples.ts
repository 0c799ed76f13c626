// Sample databases and questions bundled with the page (CC0, written for Fixpoint). Each database
// is a script the sandbox's SQLite runs once; each question carries its expected query.
export interface SqlSampleDatabase {
  id: string;
  title: string;
  script: string;
}

export interface SqlExample {
  id: string;
  dbId: string;
  question: string;
  evidence: string;
  expected: string;
}

const SHOP = `CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, category TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
  product_id INTEGER REFERENCES products(id), quantity INTEGER NOT NULL, day TEXT NOT NULL);
INSERT INTO customers VALUES (1, 'Ada', 'London'), (2, 'Grace', 'New York'), (3, 'Linus', 'Helsinki'),
  (4, 'Barbara', 'New York'), (5, 'Edsger', NULL);
INSERT INTO products VALUES (1, 'Kettle', 24.5, 'kitchen'), (2, 'Lamp', 31.0, 'home'), (3, 'Mug', 6.25, 'kitchen'),
  (4, 'Chair', 89.99, 'home'), (5, 'Pen', 1.1, NULL);
INSERT INTO orders VALUES (1, 1, 1, 1, '2024-01-03'), (2, 1, 3, 4, '2024-01-03'), (3, 2, 2, 1, '2024-02-11'),
  (4, 3, 4, 2, '2024-02-12'), (5, 4, 3, 2, '2024-03-01'), (6, 2, 5, 10, '2024-03-05'), (7, 4, 1, 1, '2024-03-09');`;

const SCHOOL = `CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT NOT NULL, year INTEGER NOT NULL);
CREATE TABLE courses (code TEXT PRIMARY KEY, title TEXT NOT NULL, credits INTEGER NOT NULL);
CREATE TABLE grades (student_id INTEGER REFERENCES students(id), course TEXT REFERENCES courses(code), mark INTEGER);
INSERT INTO students VALUES (1, 'Mira', 1), (2, 'Tomas', 2), (3, 'Aiko', 2), (4, 'Kwame', 3);
INSERT INTO courses VALUES ('DB1', 'Databases', 6), ('ALG', 'Algorithms', 8), ('NET', 'Networks', 4);
INSERT INTO grades VALUES (1, 'DB1', 14), (1, 'ALG', 11), (2, 'DB1', 17), (3, 'DB1', 9), (3, 'NET', 15),
  (4, 'ALG', 18), (4, 'NET', NULL);`;

export const SQL_DATABASES: readonly SqlSampleDatabase[] = [
  { id: 'shop', title: 'Shop (customers, products, orders)', script: SHOP },
  { id: 'school', title: 'School (students, courses, grades)', script: SCHOOL },
];

export const SQL_EXAMPLES: readonly SqlExample[] = [
  {
    id: 'sql-shop-spend',
    dbId: 'shop',
    question: 'How much did each customer who ordered spend in total? Give the name and the amount, largest first.',
    evidence: 'amount = price * quantity',
    expected:
      'SELECT c.name, SUM(p.price * o.quantity) AS spent FROM customers c JOIN orders o ON o.customer_id = c.id ' +
      'JOIN products p ON p.id = o.product_id GROUP BY c.id ORDER BY spent DESC',
  },
  {
    id: 'sql-school-average',
    dbId: 'school',
    question: 'What is the average mark in each course that has marks? Give the course title and the average.',
    evidence: 'a missing mark (NULL) does not count',
    expected:
      'SELECT c.title, AVG(g.mark) FROM courses c JOIN grades g ON g.course = c.code WHERE g.mark IS NOT NULL GROUP BY c.code',
  },
];
