-- The link of an audit entry in the audit chain (migration
-- 0045_audit_chain.sql, docs/decisions/0054-audit-chain.md): SHA-256 of the
-- previous entry's hash followed by the entry's content. The content is a
-- JSON array whose text PostgreSQL writes the same way on every server and
-- session: jsonb's own text (keys sorted, numbers as stored) and the time as
-- epoch seconds with microseconds, never a form that follows the session's
-- TimeZone. The first entry's previous hash is empty. Used by the trigger
-- audit_chain_append and by apps/api/src/audit/verify-chain.ts, so both
-- compute the same bytes. The columns one by one, not the row type: the
-- functions are created before the migrations on a new database. STABLE, as
-- jsonb_build_array, convert_to and extract from a timestamptz are: declared
-- IMMUTABLE it was never inlined into its callers, and each entry paid a
-- call of an SQL function (a third of the trigger's time per entry).
CREATE OR REPLACE FUNCTION audit_entry_hash(
  previous bytea, chain_position bigint, id bigint, actor_id bigint, action text, target_type text,
  target_id text, details jsonb, ip text, created_at timestamptz
) RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sha256(previous || convert_to(jsonb_build_array(
    chain_position, id, actor_id, action, target_type, target_id, details, ip, extract(epoch FROM created_at)
  )::text, 'UTF8'))
$$;
