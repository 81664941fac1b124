/**
 * A lock between processes on one machine: a folder (mkdir is atomic) holding
 * its maker's process id, taken over when that process is gone. Used where
 * two `npm test` runs side by side share a result (apps/web/build/build-once.ts,
 * scripts/once.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export async function withFolderLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  while (!take(lock)) await new Promise((resolve) => setTimeout(resolve, 500));
  return holding(lock, work);
}

/** The same without waiting: `undefined` when another process holds the lock. */
export async function withFolderLockIfFree<T>(lock: string, work: () => Promise<T>): Promise<{ value: T } | undefined> {
  return take(lock) ? { value: await holding(lock, work) } : undefined;
}

/** One attempt: true when this process now holds the lock (a lock whose maker is gone is taken over). */
function take(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    const holder = lockHolder(lock);
    if (!holder || isRunning(holder)) return false;
    rmSync(lock, { recursive: true, force: true });
    return take(lock);
  }
}

async function holding<T>(lock: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The process id in the lock, or 0 while its maker has not written it yet (or it is gone). */
function lockHolder(lock: string): number {
  try {
    return Number(readFileSync(path.join(lock, 'pid'), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
