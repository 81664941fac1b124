import { fromBaseUnits, type Transfer } from '@portal/contract';

interface Party {
  id: number;
  username: string;
  fullName: string;
}

/**
 * What `ledger_transfer_one` (apps/api/sql/functions/ledger_transfer_one.sql)
 * returns and stores as the answer to an Idempotency-Key: the facts, amounts
 * in base units as text. The API words every answer in TypeScript, as it
 * does a purchase's (purchases/answer.ts): the decimals are the contract's
 * `fromBaseUnits`, which the lists use too, so no statement formats money
 * (docs/decisions/0032-each-money-rule-once.md).
 */
export interface TransferResult {
  transferId: number;
  entryId: number;
  from: Party;
  to: Party;
  amount: string;
  fee: string;
  createdAtMs: number;
}

/** A transfer as the API shows it, in a list and as the answer: amounts in base units, formatted here only. */
export interface TransferRecord {
  id: number;
  entryId: number;
  from: Party;
  to: Party;
  amount: string;
  fee: string;
  createdAt: Date;
}

export function transferItem(t: TransferRecord): Transfer {
  return {
    id: t.id,
    entryId: t.entryId,
    from: t.from,
    to: t.to,
    amount: fromBaseUnits(BigInt(t.amount)),
    fee: fromBaseUnits(BigInt(t.fee)),
    received: fromBaseUnits(BigInt(t.amount) - BigInt(t.fee)),
    createdAt: t.createdAt.toISOString(),
  };
}

function transferAnswer(r: TransferResult): Transfer {
  return transferItem({ ...r, id: r.transferId, createdAt: new Date(r.createdAtMs) });
}

/** A stored answer: a statement's result, or (keys stored before ledger_transfer_one.sql returned facts) the answer as it was sent. */
export function storedTransfer(stored: TransferResult | Transfer): Transfer {
  return 'transferId' in stored ? transferAnswer(stored) : stored;
}
