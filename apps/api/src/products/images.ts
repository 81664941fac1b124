import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { MAX_PRODUCT_IMAGE_BYTES } from '@portal/contract';
import { AppError, notFound, unprocessable } from '../shared/errors';

/**
 * Product pictures (docs/decisions/0011): an upload is judged by its bytes,
 * never its name or declared type; only JPEG, PNG and WebP pass, and only
 * when they decode completely within a pixel budget. What is stored is our
 * own re-encoding (no metadata survives), named by its content hash, so a
 * file never changes and may be cached for a year.
 */

/** Pixels an upload may declare: a 12,000 × 8,000 photo, not a decompression bomb. */
export const MAX_INPUT_PIXELS = 100_000_000;
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

type Detected = 'jpeg' | 'png' | 'webp';

/** The format by its signature bytes; anything else (SVG, GIF, HTML, …) never reaches the decoder. */
export function sniffFormat(bytes: Buffer): Detected | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

const notAnImage = () =>
  unprocessable(
    'IMAGE_INVALID',
    'The file is not a JPEG, PNG or WebP picture (it is judged by its content, not its name).',
    'image',
  );

export interface StoredImage {
  hash: string;
  format: StoredFormat;
  width: number;
  height: number;
  bytes: number;
}

/** Checks, re-encodes and stores one upload; answers the stored picture. */
export async function storeProductImage(mediaDir: string, upload: Buffer): Promise<StoredImage> {
  if (upload.length === 0) throw unprocessable('IMAGE_EMPTY', 'The uploaded file is empty.', 'image');
  if (upload.length > MAX_PRODUCT_IMAGE_BYTES) throw imageTooLarge();
  const detected = sniffFormat(upload);
  if (!detected) throw notAnImage();

  // Decoding options for untrusted input: fail on any warning (a truncated or
  // lying file), refuse more pixels than the budget before decoding them.
  const input = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
  let full: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const meta = await sharp(upload, input).metadata();
    if (meta.format !== detected) throw notAnImage();
    if (!meta.width || !meta.height) throw notAnImage();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels(meta.width, meta.height);
    if ((meta.pages ?? 1) > 1)
      throw unprocessable(
        'IMAGE_ANIMATED',
        'Animated pictures are not accepted; upload a single still image.',
        'image',
      );
    // The whole picture is decoded here; a header that promises more pixels
    // than the data holds fails as truncated.
    full = await sharp(upload, input)
      .resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await sharp(full.data)
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = String((error as Error).message ?? '');
    if (/pixel limit/i.test(message)) throw tooManyPixels();
    throw unprocessable(
      'IMAGE_UNREADABLE',
      'The picture could not be read completely: the file is damaged or its header does not match its content.',
      'image',
    );
  }

  const hash = createHash('sha256').update(full.data).digest('hex');
  await mkdir(mediaDir, { recursive: true });
  await writeOnce(path.join(mediaDir, `${hash}.webp`), full.data);
  await writeOnce(path.join(mediaDir, `${hash}-thumb.webp`), thumb);
  return { hash, format: 'webp', width: full.info.width, height: full.info.height, bytes: full.data.length };
}

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function writeOnce(target: string, data: Buffer): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data, { flag: 'wx' });
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

export const imageTooLarge = () =>
  new AppError(
    413,
    'IMAGE_TOO_LARGE',
    `The picture is larger than ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB.`,
    'image',
  );

const tooManyPixels = (width?: number, height?: number) =>
  unprocessable(
    'IMAGE_TOO_MANY_PIXELS',
    `The picture ${width && height ? `declares ${width} × ${height} pixels, ` : ''}is too large to process: at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels.`,
    'image',
  );

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
