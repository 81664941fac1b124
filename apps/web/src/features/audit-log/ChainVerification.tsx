import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { AuditVerification } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useAuditVerification } from './api';

/** A hash in full, breakable anywhere so that it fits a phone's width. */
function Hash({ value }: { value: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
      {value}
    </Box>
  );
}

function Broken({ v, broken }: { v: AuditVerification; broken: NonNullable<AuditVerification['broken']> }) {
  const entry = broken.entryId === null ? `position ${broken.position}` : `entry #${broken.entryId}`;
  return (
    <Alert severity="error" data-testid="audit-chain">
      <AlertTitle>The audit log does not match from {entry}</AlertTitle>
      {broken.reason[0]!.toUpperCase() + broken.reason.slice(1)} (found {formatDateTime(broken.foundAt)}).{' '}
      {v.lastVerified
        ? `The entries up to #${v.lastVerified.id ?? `at position ${v.lastVerified.position}`} are verified.`
        : 'No entry before it is verified.'}{' '}
      Compare with a backup, and run <code>npm run audit:verify</code> once it is resolved.
    </Alert>
  );
}

/**
 * Above the audit log: the last entry the chain was verified through (every
 * entry before it unchanged, none deleted or added), or the first that does
 * not match. Read from the watermark the verification job keeps.
 */
export function ChainVerification() {
  const query = useAuditVerification();
  if (!query.isError && !query.data) return null;
  return (
    <Box sx={{ px: 5, pb: 4 }}>
      {query.isError ? <Alert severity="warning">{errorMessage(query.error)}</Alert> : <Verification v={query.data} />}
    </Box>
  );
}

function Verification({ v }: { v: AuditVerification }) {
  if (v.broken) return <Broken v={v} broken={v.broken} />;
  if (!v.lastVerified) {
    return (
      <Alert severity="info" data-testid="audit-chain">
        {v.entries === 0
          ? 'No entries yet: each one will be chained to the one before it and verified.'
          : 'Not verified yet: the first check runs within seconds of the portal starting.'}
      </Alert>
    );
  }
  const waiting = v.entries - v.lastVerified.position;
  return (
    <Alert severity="success" data-testid="audit-chain">
      <AlertTitle>
        Verified through entry #{v.lastVerified.id}
        {v.lastVerified.createdAt ? ` of ${formatDateTime(v.lastVerified.createdAt)}` : ''}
      </AlertTitle>
      Each entry carries a hash of its content and of the entry before it; none up to this one was changed, deleted or
      added{v.checkedAt ? ` (checked ${formatDateTime(v.checkedAt)})` : ''}.
      {waiting > 0 ? ` ${plural(waiting, 'newer entry waits', 'newer entries wait')} for the next check.` : ''} Its
      hash: <Hash value={v.lastVerified.hash} />
    </Alert>
  );
}
