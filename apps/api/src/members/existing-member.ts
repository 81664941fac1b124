import type { Sql } from '../platform/db/database';
import { notFound } from '../shared/errors';
import { memberRow } from './queries';

/** The member's row, or 404 when there is none. */
export async function existingMember(db: Sql, id: number) {
  const row = await memberRow(db, id);
  if (!row) throw notFound('MEMBER_NOT_FOUND', `There is no member with id ${id}.`);
  return row;
}
