-- A small bus network: lines, stops, which stops each line serves in order, and daily trip counts.
CREATE TABLE lines (
  line_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  operator TEXT NOT NULL,
  opened TEXT
);
CREATE TABLE stops (
  stop_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  zone INTEGER NOT NULL,
  accessible INTEGER
);
CREATE TABLE line_stops (
  line_id TEXT REFERENCES lines(line_id),
  stop_id INTEGER REFERENCES stops(stop_id),
  seq INTEGER NOT NULL,
  PRIMARY KEY (line_id, seq)
);
CREATE TABLE ridership (
  line_id TEXT REFERENCES lines(line_id),
  day TEXT NOT NULL,
  riders INTEGER,
  PRIMARY KEY (line_id, day)
);
INSERT INTO lines VALUES
  ('L1', 'Harbour Loop', 'CityBus', '1999-05-01'),
  ('L2', 'Airport Express', 'SkyLink', '2012-10-15'),
  ('L3', 'University Line', 'CityBus', '2005-09-01'),
  ('L4', 'Night Owl', 'CityBus', NULL);
INSERT INTO stops VALUES
  (1, 'Central Station', 1, 1),
  (2, 'Harbour', 1, 1),
  (3, 'Old Town', 1, 0),
  (4, 'Campus North', 2, 1),
  (5, 'Science Park', 2, NULL),
  (6, 'Airport', 3, 1),
  (7, 'Lakeside', 2, 0),
  (8, 'Quarry Road', 3, NULL);
INSERT INTO line_stops VALUES
  ('L1', 1, 1), ('L1', 2, 2), ('L1', 3, 3), ('L1', 1, 4),
  ('L2', 1, 1), ('L2', 6, 2),
  ('L3', 1, 1), ('L3', 3, 2), ('L3', 4, 3), ('L3', 5, 4),
  ('L4', 1, 1), ('L4', 7, 2), ('L4', 2, 3);
INSERT INTO ridership VALUES
  ('L1', '2024-03-01', 1520), ('L1', '2024-03-02', 980), ('L1', '2024-03-03', 1105),
  ('L2', '2024-03-01', 2210), ('L2', '2024-03-02', 2460), ('L2', '2024-03-03', NULL),
  ('L3', '2024-03-01', 3105), ('L3', '2024-03-02', 640), ('L3', '2024-03-03', 702),
  ('L4', '2024-03-01', 210), ('L4', '2024-03-02', 385), ('L4', '2024-03-03', 190);
