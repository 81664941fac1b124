-- An admin's rescan of a range of final blocks for deposits the watcher never
-- read (docs/decisions/0012-evm-node-and-deposit-watcher.md, "Rescan";
-- apps/api/src/deposits/rescan/). `next_block` is the first block not read
-- yet, moved in the transaction that records each chunk's deposits, so a
-- process that dies resumes there. The lease (shared/lease.ts) lets one
-- process work on it at a time; the partial unique index refuses a second
-- running rescan of the same chain and token.
CREATE TABLE deposit_rescans (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id      integer NOT NULL,
  token         text NOT NULL,
  from_block    bigint NOT NULL CHECK (from_block >= 0),
  to_block      bigint NOT NULL,
  next_block    bigint NOT NULL,
  status        text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  found         integer NOT NULL DEFAULT 0,
  credited      integer NOT NULL DEFAULT 0,
  held          integer NOT NULL DEFAULT 0,
  below_minimum integer NOT NULL DEFAULT 0,
  started_by    bigint REFERENCES users (id),
  cancelled_by  bigint REFERENCES users (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  failures      integer NOT NULL DEFAULT 0,
  error         text,
  leased_by     text,
  leased_until  timestamptz,
  CHECK (from_block <= to_block),
  CHECK (next_block BETWEEN from_block AND to_block + 1),
  CHECK ((status = 'running') = (finished_at IS NULL))
);
CREATE UNIQUE INDEX deposit_rescans_one_running ON deposit_rescans (chain_id, token) WHERE status = 'running';
