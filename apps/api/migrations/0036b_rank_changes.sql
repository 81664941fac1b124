-- The daily rank evaluation reads only members whose figures can have
-- changed since the last one (docs/decisions/0043-ranks.md "Only what
-- changed", ranks/evaluate.ts).
--
-- The queue of members to look at again, one row each however many
-- changes: a purchase that activates its buyer or gives them a dearer
-- package (plan_purchase_one.sql), every placement ancestor whose legs'
-- lifetime BV a roll-up batch grew (network/rollup.ts), the sponsors of
-- members whose rank fell. The evaluation takes the rows it sees and
-- deletes them in its own transaction; a row committed after it stays for
-- the next.
CREATE TABLE rank_changes (
  member_id bigint PRIMARY KEY
);

-- One row: `full_pass` (the next evaluation reads every active member: the
-- rank definitions or a package's price changed since the last one, or
-- none ran yet), `last_day` (the day of the last evaluation: a period
-- rank's month).
CREATE TABLE rank_evaluation (
  one       boolean PRIMARY KEY DEFAULT true CHECK (one),
  full_pass boolean NOT NULL DEFAULT true,
  last_day  date
);
INSERT INTO rank_evaluation DEFAULT VALUES;

CREATE TRIGGER ranks_changed AFTER INSERT OR UPDATE OR DELETE ON ranks
  FOR EACH STATEMENT EXECUTE FUNCTION ranks_definitions_changed();
CREATE TRIGGER rank_packages_repriced AFTER UPDATE OF price ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION ranks_definitions_changed();
