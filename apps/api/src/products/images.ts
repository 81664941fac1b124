import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { notFound } from '../shared/errors';
import { reencodeImage, writeOnce } from '../shared/images';

/**
 * Product pictures (docs/decisions/0011): checked and re-encoded without
 * metadata by apps/api/src/shared/images.ts, stored named by their content
 * hash, so a file never changes and may be cached for a year.
 */

const FULL_SIZE = 1200;
const THUMB_SIZE = 320;

export const MEDIA_PREFIX = '/api/media/products/';
const STORED_TYPES = { webp: 'image/webp' } as const;
/** What the picture route can answer, for the API document. */
export const STORED_CONTENT_TYPES: readonly string[] = Object.values(STORED_TYPES);
export type StoredFormat = keyof typeof STORED_TYPES;

/** `<64 hex>.webp` or `<64 hex>-thumb.webp`: nothing else is ever read from disk. */
const FILE_NAME = /^([0-9a-f]{64})(-thumb)?\.(webp)$/;

export const imageUrls = (hash: string | null, format: string | null) =>
  hash && format
    ? { imageUrl: `${MEDIA_PREFIX}${hash}.${format}`, thumbnailUrl: `${MEDIA_PREFIX}${hash}-thumb.${format}` }
    : { imageUrl: null, thumbnailUrl: null };

export interface StoredImage {
  hash: string;
  format: StoredFormat;
  width: number;
  height: number;
  bytes: number;
}

/** Checks, re-encodes and stores one upload (shared/images.ts), with its thumbnail; answers the stored picture. */
export async function storeProductImage(mediaDir: string, upload: Buffer): Promise<StoredImage> {
  const full = await reencodeImage(upload, { maxSide: FULL_SIZE, quality: 82 });
  const thumb = await sharp(full.data)
    .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover' })
    .webp({ quality: 78 })
    .toBuffer();
  await mkdir(mediaDir, { recursive: true });
  await writeOnce(path.join(mediaDir, `${full.hash}.webp`), full.data);
  await writeOnce(path.join(mediaDir, `${full.hash}-thumb.webp`), thumb);
  return { hash: full.hash, format: 'webp', width: full.width, height: full.height, bytes: full.data.length };
}

/** Reads a stored picture by its public file name, with its content type. */
export async function readStoredImage(mediaDir: string, file: string): Promise<{ data: Buffer; contentType: string }> {
  const match = FILE_NAME.exec(file);
  if (!match) throw notFound('MEDIA_NOT_FOUND', 'No such picture.');
  const format = match[3] as StoredFormat;
  try {
    return { data: await readFile(path.join(mediaDir, file)), contentType: STORED_TYPES[format] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('MEDIA_NOT_FOUND', 'No such picture.');
    throw error;
  }
}
