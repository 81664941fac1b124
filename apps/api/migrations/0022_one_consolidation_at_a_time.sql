-- One consolidation at a time, across requests and processes
-- (docs/decisions/0028-one-consolidation-at-a-time.md): the running
-- consolidation carries a lease, as chain_watch and payout_leases do. Whoever
-- holds it (an unexpired leased_until) is the only one that signs and records
-- its transactions; a process that dies lets it expire, and the next request
-- takes it over and resumes from what was recorded.
ALTER TABLE consolidations
  ADD COLUMN leased_by    text,
  ADD COLUMN leased_until timestamptz;
