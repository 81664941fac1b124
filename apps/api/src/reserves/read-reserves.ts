import type { Reserves } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { PROOF_SELECT, toReserveProof } from './proof-rows';

/** How many proofs the public page lists. */
const SHOWN = 31;

/** `/api/reserves`, public: the latest proof and the ones before it, newest first. */
export async function readReserves(db: Sql): Promise<Reserves> {
  const { rows } = await db.query<Parameters<typeof toReserveProof>[0]>(
    sql`${PROOF_SELECT} ORDER BY id DESC LIMIT ${SHOWN}`,
  );
  const [latest, ...earlier] = rows.map(toReserveProof);
  return { latest: latest ?? null, earlier };
}
