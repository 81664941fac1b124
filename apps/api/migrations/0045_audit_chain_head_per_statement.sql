-- The audit chain's head written once per statement, not twice per entry
-- (docs/decisions/0054-audit-chain.md, "One write of the head per
-- statement"): a bulk approval of 1,000 withdrawals wrote the one row of
-- audit_chain_head 2,000 times in one transaction, and each write scanned the
-- versions the ones before it had left. Now a statement takes the head under
-- the row's lock (audit_chain_take_head), each entry moves it on in a
-- transaction-local setting (audit_chain_append), and the statement's end
-- writes it back (audit_chain_put_head); functions in apps/api/sql/functions/.
-- Named after 0045_audit_chain.sql so that it runs right after it and belongs
-- with it: the chain's migration test starts from the schema before every
-- migration of the chain (apps/api/test/audit/audit-chain.test.ts).
CREATE TRIGGER audit_log_head_taken BEFORE INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_take_head();
CREATE TRIGGER audit_log_head_put AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_put_head();
