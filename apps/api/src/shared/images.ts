import { createHash, randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { MAX_PRODUCT_IMAGE_BYTES } from '@portal/contract';
import { AppError, unprocessable } from './errors';

/**
 * Uploaded pictures, of products and of identity documents
 * (docs/decisions/0011-product-images-and-redemptions.md, docs/decisions/0070-identity-checks.md):
 * an upload is judged by its bytes, never its name or declared type; only
 * JPEG, PNG and WebP pass, and only when they decode completely within a
 * pixel budget. What is kept is our own WebP re-encoding (no metadata
 * survives), named by its content hash.
 */

/** Pixels an upload may declare: a 12,000 × 8,000 photo, not a decompression bomb. */
export const MAX_INPUT_PIXELS = 100_000_000;

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

/** An upload re-encoded as WebP: its bytes, size and the SHA-256 of those bytes (its file name). */
export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
  hash: string;
}

/** Checks an upload by its content and re-encodes it within `maxSide` pixels a side; throws the upload's refusal. */
export async function reencodeImage(
  upload: Buffer,
  options: { maxSide: number; quality: number },
): Promise<ReencodedImage> {
  if (upload.length === 0) throw unprocessable('IMAGE_EMPTY', 'The uploaded file is empty.', 'image');
  if (upload.length > MAX_PRODUCT_IMAGE_BYTES) throw imageTooLarge();
  const detected = sniffFormat(upload);
  if (!detected) throw notAnImage();

  // Decoding options for untrusted input: fail on any warning (a truncated or
  // lying file), refuse more pixels than the budget before decoding them.
  const input = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
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
    const { data, info } = await sharp(upload, input)
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, hash: createHash('sha256').update(data).digest('hex') };
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
}

/** Written under a temporary name and renamed, so a reader never sees half a file. */
export async function writeOnce(target: string, data: Buffer, mode = 0o644): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data, { flag: 'wx', mode });
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}
