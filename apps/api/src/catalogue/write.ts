import type { Sql } from '../platform/db/database';
import type { SqlQuery } from '../platform/db/sql';
import { writeAudit, type Actor } from '../audit/write-audit';
import { conflict, isUniqueViolation } from '../shared/errors';

/**
 * What packages, products and ranks (apps/api/src/packages/create-package.ts,
 * apps/api/src/products/create-product.ts, apps/api/src/ranks/definitions.ts) share when an admin writes one: the name
 * is unique (the table's `<table>_name_key`), and the write is audited in the
 * same transaction.
 */
export interface CatalogueKind {
  /** `package`, `product`: the audit's target type and the prefix of its actions. */
  kind: string;
  /** The refusal code of a name already in use. */
  nameTaken: 'PACKAGE_NAME_TAKEN' | 'PRODUCT_NAME_TAKEN' | 'RANK_NAME_TAKEN';
}

/** Runs the insert or update and returns its row; a name already in use is the kind's refusal, not a 500. */
export async function writeNamedRow<Row>(
  tx: Sql,
  kind: CatalogueKind,
  name: string,
  statement: SqlQuery,
): Promise<Row> {
  try {
    return (await tx.query<Row>(statement)).rows[0]!;
  } catch (error) {
    if (isUniqueViolation(error, `${kind.kind}s_name_key`))
      throw conflict(kind.nameTaken, `A ${kind.kind} named "${name}" already exists.`, 'name');
    throw error;
  }
}

/** Audits a creation with the created item. */
export function auditCreated(tx: Sql, actor: Actor, kind: CatalogueKind, created: { id: number }): Promise<void> {
  return writeAudit(tx, {
    actor,
    action: `${kind.kind}.create`,
    targetType: kind.kind,
    targetId: created.id,
    details: { [kind.kind]: created },
  });
}

/** Audits an update with the fields it changed (`{ from, to }` each); nothing when nothing changed. */
export async function auditChanged<Item extends { id: number }>(
  tx: Sql,
  actor: Actor,
  kind: CatalogueKind,
  from: Item,
  to: Item,
  fields: ReadonlyArray<keyof Item & string>,
): Promise<void> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of fields) if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
  if (Object.keys(changes).length === 0) return;
  await writeAudit(tx, {
    actor,
    action: `${kind.kind}.update`,
    targetType: kind.kind,
    targetId: to.id,
    details: { changes },
  });
}
