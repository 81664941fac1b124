import { fromBaseUnits, owedUsdt, type ReserveNode, type ReserveProof } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** Children per node above the buckets (reserve_proof_nodes). */
export const FANOUT = 16;

/** What the portal's addresses held when a proof was taken, in the ledger's base units (reserve_proofs.held). */
export interface HeldRow {
  treasury: string;
  hotWallet: string;
  depositAddresses: string;
  block: string;
}

interface ProofRow {
  id: number;
  close_date: string | null;
  taken_at: Date;
  members: number;
  root: string;
  deposit: string;
  income: string;
  withdrawing: string;
  points: string;
  held: HeldRow | null;
  message: string;
  signer: string | null;
  signature: string | null;
}

/** The columns a proof is answered from: never its salt seed. */
export const PROOF_SELECT = sql`SELECT id, to_char(close_date, 'YYYY-MM-DD') AS close_date, taken_at, members, encode(root, 'hex') AS root,
    deposit::text, income::text, withdrawing::text, points::text, held, message, signer, signature
  FROM reserve_proofs`;

/** Held over owed, to 4 decimals rounded down ("1.0432"). */
function coverage(held: bigint, owed: bigint): string {
  const tenThousandths = (held * 10_000n) / owed;
  return `${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`;
}

export function toReserveProof(row: ProofRow): ReserveProof {
  const root: ReserveNode = {
    hash: row.root,
    deposit: row.deposit,
    income: row.income,
    withdrawing: row.withdrawing,
    points: row.points,
  };
  const owed = owedUsdt(root);
  const held = row.held
    ? BigInt(row.held.treasury) + BigInt(row.held.hotWallet) + BigInt(row.held.depositAddresses)
    : null;
  return {
    id: row.id,
    closeDate: row.close_date,
    takenAt: new Date(row.taken_at).toISOString(),
    members: row.members,
    root,
    owed: {
      deposit: fromBaseUnits(BigInt(row.deposit)),
      income: fromBaseUnits(BigInt(row.income)),
      withdrawing: fromBaseUnits(BigInt(row.withdrawing)),
      total: fromBaseUnits(owed),
      points: fromBaseUnits(BigInt(row.points)),
    },
    held:
      row.held && held !== null
        ? {
            treasury: fromBaseUnits(BigInt(row.held.treasury)),
            hotWallet: fromBaseUnits(BigInt(row.held.hotWallet)),
            depositAddresses: fromBaseUnits(BigInt(row.held.depositAddresses)),
            total: fromBaseUnits(held),
            block: row.held.block,
          }
        : null,
    coverage: held !== null && owed > 0n ? coverage(held, owed) : null,
    message: row.message,
    signer: row.signer,
    signature: row.signature,
  };
}

export async function readProof(db: Sql, id: number): Promise<ReserveProof> {
  const { rows } = await db.query<ProofRow>(sql`${PROOF_SELECT} WHERE id = ${id}`);
  return toReserveProof(rows[0]!);
}

export interface NodeRow {
  level: number;
  position: number;
  hash: string;
  deposit: string;
  income: string;
  withdrawing: string;
  points: string;
}

export const NODE_COLUMNS = sql`level, position, encode(hash, 'hex') AS hash, deposit::text, income::text, withdrawing::text, points::text`;

export const toNode = (row: NodeRow): ReserveNode => ({
  hash: row.hash,
  deposit: row.deposit,
  income: row.income,
  withdrawing: row.withdrawing,
  points: row.points,
});

/** The tree's top node: the one node of its top level. */
export async function rootOf(db: Sql, id: number, level: number): Promise<ReserveNode> {
  const { rows } = await db.query<NodeRow>(
    sql`SELECT ${NODE_COLUMNS} FROM reserve_proof_nodes WHERE proof_id = ${id} AND level = ${level} AND position = 0`,
  );
  return toNode(rows[0]!);
}
