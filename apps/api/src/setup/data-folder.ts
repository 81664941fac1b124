import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

// Written by the mailer's file outbox too (platform/mail/mailer.ts), which stands below setup/: the function lives in shared/.
export { writeOwnerOnly } from '../shared/owner-only-file';

/**
 * What the portal keeps in its data folder (`DATA_DIR`) beside the embedded
 * database: the folder's lock, the JWT secret when none is configured, the
 * generated admin password and the file outbox. Everything here is
 * readable by the owner only.
 */
export const LOCK_FILE = 'portal.lock';
export const JWT_SECRET_FILE = 'jwt-secret';
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

export class DataFolderLockedError extends Error {}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  hostname: string;
  /** The process's start time from /proc (Linux), so a reused pid is not taken for the owner. */
  started?: string;
}

/**
 * An exclusive lock on the data folder: a lock file created with O_EXCL that
 * names its owner. A lock whose owner is no longer alive (killed with -9, a
 * crash, a reboot) is stale and taken over; a live one refuses the start with
 * a message naming the folder and the process. Only the embedded database
 * needs it: two processes writing one PGlite folder lose committed data.
 */
export function lockDataFolder(dataDir: string, purpose = 'the portal'): DataFolderLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, hostname: hostname(), started: processStart(process.pid) };
  const content = JSON.stringify(me) + '\n';

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, content);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          // Only our own lock: never one a later process took over.
          if (readFileSync(file, 'utf8') === content) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const raw = readSafely(file);
    const owner = parseOwner(raw);
    if (owner && isAlive(owner)) {
      throw new DataFolderLockedError(
        `The data folder ${dataDir} is in use by process ${owner.pid}${owner.hostname !== me.hostname ? ` on ${owner.hostname}` : ''} ` +
          `(lock file ${file}). Stop that process before starting ${purpose}; two processes on one embedded database lose data.`,
      );
    }
    // Stale: move it aside atomically, and make sure what we moved is the stale lock we read.
    const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // Someone else removed it first; try to create ours.
    }
    const moved = readSafely(aside);
    unlinkSync(aside);
    if (moved !== raw) {
      throw new DataFolderLockedError(
        `Another process took the lock on ${dataDir} while ${purpose} was starting; try again.`,
      );
    }
  }
  throw new DataFolderLockedError(`Could not lock the data folder ${dataDir}; try again.`);
}

function readSafely(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parseOwner(raw: string | undefined): LockOwner | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as LockOwner;
    return Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock written on another machine (a shared folder) cannot be checked: it counts as held.
  if (owner.hostname !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid is alive; is it still the process that wrote the lock?
  const started = processStart(owner.pid);
  return !(owner.started && started && owner.started !== started);
}

/** Field 22 of /proc/<pid>/stat (start time since boot); undefined where /proc does not exist. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * The JWT secret when JWT_SECRET is not set: generated on the first start and
 * kept in the data folder (0600), so sign-ins survive a restart. Created with
 * O_EXCL, so two processes starting together end up with the same secret.
 */
export function persistentJwtSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(
      `${file} holds no usable JWT secret; delete it to have a new one made (every user signs in again).`,
    );
  return new TextEncoder().encode(secret);
}
