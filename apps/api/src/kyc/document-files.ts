import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { reencodeImage, writeOnce, type ReencodedImage } from '../shared/images';

/**
 * Identity documents on disk (docs/decisions/0070-identity-checks.md): checked
 * and re-encoded like product pictures (apps/api/src/shared/images.ts), so no
 * metadata (a camera, a place) survives, but kept in IDENTITY_DIR, a folder
 * of their own readable only by the portal's user, and never served by a
 * public route.
 */

/** Large enough to read a document's text, small enough to keep no more than needed. */
const MAX_SIDE = 2000;

export async function storeIdentityDocument(identityDir: string, upload: Buffer): Promise<ReencodedImage> {
  const image = await reencodeImage(upload, { maxSide: MAX_SIDE, quality: 85 });
  await mkdir(identityDir, { recursive: true, mode: 0o700 });
  await writeOnce(path.join(identityDir, `${image.hash}.webp`), image.data, 0o600);
  return image;
}

/** A stored document's bytes by the hash its row names (never a name from a request). */
export async function readIdentityDocument(identityDir: string, hash: string): Promise<Buffer> {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('not a content hash');
  return readFile(path.join(identityDir, `${hash}.webp`));
}
