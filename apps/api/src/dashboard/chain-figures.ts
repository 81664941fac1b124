import { fromBaseUnits, type AdminDashboard } from '@portal/contract';
import type { AppContext } from '../context';
import { chainSnapshotOf } from '../platform/metrics/chain-snapshot';

/**
 * The admin dashboard's chain part, from the portal's one chain snapshot
 * (platform/metrics/chain-snapshot.ts: read at most every 15 s, shared with the
 * metrics and /api/health); its reconciliation is deposits/wallets.ts
 * reconcile, the one BEP20 Wallets shows, so the two pages cannot disagree.
 */
export async function chainFigures(ctx: AppContext): Promise<AdminDashboard['chain']> {
  const snapshot = chainSnapshotOf(ctx);
  if (!snapshot) return null;
  const [figures, reconciliation] = await Promise.all([snapshot.figures(), snapshot.reconciliation()]);
  return {
    wallets: figures.ok
      ? figures.wallets.map((w) => ({ role: w.role, token: fromBaseUnits(w.token), bnb: fromBaseUnits(w.bnb) }))
      : [],
    watcherLag:
      figures.ok && figures.cursor
        ? {
            blocks: Number(figures.head.number - figures.cursor.block),
            seconds: Number(figures.head.timestamp - figures.cursor.timestamp),
          }
        : null,
    reconciliation: reconciliation.ok
      ? {
          difference: fromBaseUnits(reconciliation.difference),
          unexplained: fromBaseUnits(reconciliation.unexplained),
          balanced: reconciliation.unexplained === 0n,
        }
      : null,
    error: !figures.ok ? figures.error : !reconciliation.ok ? reconciliation.error : null,
  };
}
