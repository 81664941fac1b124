import { PageAlert } from '../../shared/components/PageAlert';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useRestoreChecks } from './api';

/**
 * On the admin dashboard, beside the hot wallet's alert: while a restore
 * check is pending no payout is sent (apps/api/src/withdrawals/payout/after-restore.ts);
 * the payouts it holds are listed on /withdraw-approval ("After a restore").
 */
export function RestoreCheckNotice() {
  const pending = useRestoreChecks().data?.items.filter((check) => check.status === 'pending') ?? [];
  if (pending.length === 0) return null;
  const oldest = pending[pending.length - 1]!;
  const held = pending.reduce((n, check) => n + check.payouts.filter((p) => p.outcome === null).length, 0);
  return (
    <PageAlert to="/withdraw-approval" label="Withdraw Approval" testId="admin-restore-check-pending">
      {`After the restore of ${formatDateTime(oldest.restoredAt)}, no payout is sent until the hot wallet's transfers since the backup are read and matched: ${plural(held, 'payout')} wait.`}
    </PageAlert>
  );
}
