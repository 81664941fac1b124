import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { part } from '../per-process';

/**
 * TOTP secrets are stored encrypted with AES-256-GCM under a key from the
 * environment (TOTP_ENCRYPTION_KEY, 64 hex characters), bound to their user
 * by the additional data. Without the variable, development generates a key
 * once into an owner-only file in DATA_DIR (never the database, never a
 * log line); tests use a key for the process only; production refuses to
 * start without one (config.ts). Read once per portal, kept in its `perProcess`.
 */
const KEY_FILE = 'totp-encryption.key';
const KEY = part<Buffer>('the TOTP encryption key');

export function totpKey(ctx: Pick<AppContext, 'config' | 'perProcess'>): Buffer {
  const { config } = ctx;
  return ctx.perProcess.of(KEY, () => {
    if (config.totpEncryptionKey) return Buffer.from(config.totpEncryptionKey, 'hex');
    if (config.env === 'test') return randomBytes(32);
    return developmentKey(config.dataDir);
  });
}

function developmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting together never overwrite each other's key.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(file, 0o600);
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold a 64-hex-character key`);
  return Buffer.from(text, 'hex');
}

export function sealSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function openSecret(key: Buffer, userId: number, sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown TOTP secret format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`totp:${userId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
