import type { AppContext } from '../context';
import { writeAudit, type Actor } from '../audit/write-audit';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { readIdentityDocument } from './document-files';

/**
 * An admin (with two-factor: the endpoint's choice) looks at one identity
 * document. The view is written to the audit log before the bytes leave, so
 * no one sees a member's papers unrecorded.
 */
export async function viewIdentityDocument(ctx: AppContext, actor: Actor, id: number): Promise<Buffer> {
  const { rows } = await ctx.db.query<{ user_id: number; side: string; submission: number; file_hash: string }>(
    sql`SELECT user_id, side, submission, file_hash FROM identity_documents WHERE id = ${id}`,
  );
  const document = rows[0];
  if (!document) throw notFound('IDENTITY_DOCUMENT_NOT_FOUND', 'There is no such identity document.');
  let data: Buffer;
  try {
    data = await readIdentityDocument(ctx.config.identityDir, document.file_hash);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // The row outlived its file (IDENTITY_DIR not restored with a backup): say so rather than fail.
    throw notFound('IDENTITY_DOCUMENT_NOT_FOUND', 'The file of this identity document is missing from IDENTITY_DIR.');
  }
  await writeAudit(ctx.db, {
    actor,
    action: 'identity.document_view',
    targetType: 'user',
    targetId: Number(document.user_id),
    details: { document: id, side: document.side, submission: document.submission },
  });
  return data;
}
