-- An assent window covers the targets of the work that was approved, not
-- the whole conversation (issue 30): assent windows now have a target too
-- (rows from before keep none, and cover nothing).
ALTER TABLE windows DROP CONSTRAINT windows_check;
ALTER TABLE windows ADD CONSTRAINT windows_target CHECK (kind = 'assent' OR target IS NOT NULL);
