import type { Database } from './db/database';
import { groupCommit } from './db/group-commit';
import { runPurchaseGroup, type PurchaseOutcome, type PurchaseRequest } from './purchases/buy-package';
import { runTransferGroup, type TransferOutcome, type TransferRequest } from './transfers/create-transfer';

/**
 * The group commits of the hot money paths
 * (docs/decisions/0025-group-commit-for-the-hot-money-paths.md): one queue
 * per path, per process and database, made with the AppContext
 * (apps/api/src/context.ts) and carried by it, so every request of the
 * process joins the same queue.
 */
export interface MoneyGroups {
  transfer: (request: TransferRequest) => Promise<TransferOutcome>;
  purchase: (request: PurchaseRequest) => Promise<PurchaseOutcome>;
}

export function moneyGroups(db: Database): MoneyGroups {
  return {
    transfer: groupCommit(runTransferGroup(db), { maxGroup: 32, concurrency: 1 }),
    purchase: groupCommit(runPurchaseGroup(db), { maxGroup: 32, concurrency: 1 }),
  };
}
