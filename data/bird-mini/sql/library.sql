-- A small lending library: authors, books, members and loans (dates as ISO text, as BIRD keeps them).
CREATE TABLE authors (
  author_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  country TEXT,
  birth_year INTEGER
);
CREATE TABLE books (
  book_id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  author_id INTEGER REFERENCES authors(author_id),
  genre TEXT,
  pages INTEGER,
  published TEXT
);
CREATE TABLE members (
  member_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  joined TEXT NOT NULL,
  city TEXT
);
CREATE TABLE loans (
  loan_id INTEGER PRIMARY KEY,
  book_id INTEGER REFERENCES books(book_id),
  member_id INTEGER REFERENCES members(member_id),
  loaned_on TEXT NOT NULL,
  returned_on TEXT
);
INSERT INTO authors VALUES
  (1, 'Ines Varga', 'Hungary', 1948),
  (2, 'Tobias Lind', 'Sweden', 1971),
  (3, 'Mariam Osei', 'Ghana', 1985),
  (4, 'Paulo Reis', 'Portugal', 1960),
  (5, 'Hana Sato', 'Japan', NULL),
  (6, 'Eamon Kelly', 'Ireland', 1939);
INSERT INTO books VALUES
  (1, 'The Salt Road', 1, 'fiction', 312, '1989-04-12'),
  (2, 'Quiet Rivers', 1, 'fiction', 244, '1995-09-01'),
  (3, 'Northern Algebra', 2, 'science', 410, '2003-01-20'),
  (4, 'Counting Stars', 2, 'science', 198, '2011-06-30'),
  (5, 'Market Day', 3, 'fiction', 276, '2016-03-05'),
  (6, 'The Long Harvest', 3, 'history', 520, '2019-11-11'),
  (7, 'Tides of Lisbon', 4, 'history', 388, '1998-07-07'),
  (8, 'Small Machines', 5, 'science', NULL, '2020-02-14'),
  (9, 'Paper Lanterns', 5, 'fiction', 150, '2021-08-19'),
  (10, 'Stone Walls', 6, 'poetry', 96, '1972-05-02'),
  (11, 'Winter Letters', 6, 'poetry', 120, NULL);
INSERT INTO members VALUES
  (1, 'Ana Lopes', '2019-02-03', 'Porto'),
  (2, 'Ben Carter', '2020-06-15', 'Leeds'),
  (3, 'Chloe Martin', '2021-01-09', 'Leeds'),
  (4, 'Dev Patel', '2021-11-23', NULL),
  (5, 'Elif Demir', '2022-04-30', 'Porto'),
  (6, 'Femi Ade', '2023-03-12', 'Accra');
INSERT INTO loans VALUES
  (1, 1, 1, '2023-01-05', '2023-01-20'),
  (2, 3, 1, '2023-02-10', '2023-03-01'),
  (3, 5, 2, '2023-02-14', NULL),
  (4, 6, 3, '2023-03-03', '2023-03-30'),
  (5, 1, 3, '2023-04-18', '2023-05-02'),
  (6, 9, 4, '2023-05-21', NULL),
  (7, 7, 5, '2023-06-02', '2023-06-09'),
  (8, 3, 2, '2023-07-15', '2023-08-20'),
  (9, 10, 6, '2023-09-01', NULL),
  (10, 5, 5, '2023-10-11', '2023-10-25'),
  (11, 1, 2, '2023-11-30', '2023-12-14'),
  (12, 4, 1, '2024-01-08', NULL);
