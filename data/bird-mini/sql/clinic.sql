-- A small clinic: doctors, patients and visits, with fees and diagnoses that may be missing.
CREATE TABLE doctors (
  doctor_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  specialty TEXT NOT NULL,
  started TEXT
);
CREATE TABLE patients (
  patient_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sex TEXT,
  birthday TEXT,
  insured INTEGER NOT NULL
);
CREATE TABLE visits (
  visit_id INTEGER PRIMARY KEY,
  patient_id INTEGER REFERENCES patients(patient_id),
  doctor_id INTEGER REFERENCES doctors(doctor_id),
  visit_date TEXT NOT NULL,
  diagnosis TEXT,
  fee REAL
);
INSERT INTO doctors VALUES
  (1, 'Dr. Amara Nwosu', 'cardiology', '2008-09-01'),
  (2, 'Dr. Lars Berg', 'dermatology', '2015-03-16'),
  (3, 'Dr. Sofia Russo', 'general', '2011-01-10'),
  (4, 'Dr. Omar Haddad', 'general', NULL);
INSERT INTO patients VALUES
  (1, 'Iris Kim', 'F', '1990-05-14', 1),
  (2, 'Jonas Weber', 'M', '1978-12-02', 0),
  (3, 'Leila Farah', 'F', '2001-07-23', 1),
  (4, 'Mateo Cruz', 'M', '1965-03-30', 1),
  (5, 'Nora Holm', 'F', NULL, 0),
  (6, 'Otto Lang', 'M', '1999-10-09', 1);
INSERT INTO visits VALUES
  (1, 1, 3, '2023-01-12', 'flu', 60.0),
  (2, 2, 1, '2023-01-20', 'arrhythmia', 180.0),
  (3, 3, 2, '2023-02-02', 'eczema', 95.5),
  (4, 1, 3, '2023-02-28', NULL, 60.0),
  (5, 4, 1, '2023-03-15', 'hypertension', 180.0),
  (6, 4, 1, '2023-06-15', 'hypertension', 180.0),
  (7, 5, 4, '2023-04-04', 'flu', NULL),
  (8, 6, 2, '2023-05-19', 'acne', 95.5),
  (9, 3, 3, '2023-08-08', 'sprain', 60.0),
  (10, 2, 4, '2023-09-27', NULL, 45.0),
  (11, 6, 3, '2023-11-02', 'flu', 60.0),
  (12, 1, 1, '2024-01-15', 'palpitations', 180.0);
