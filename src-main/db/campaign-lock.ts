// One process owns a campaign at a time (issue 16, finding 8): two hosts on one file got
// "database is locked" on half their writes, and one host's undo reverted the other's change.
// Opening takes `<campaign>.lock`, created exclusively, naming its holder; a second opener is
// refused with that name. A lock whose process has ended (a crash, a kill) is taken over.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CampaignFileError } from './campaign-file.ts';

const holderSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  host: z.enum(['electron', 'web']),
  since: z.string(),
  owner: z.string(),
});
export type LockHolder = z.output<typeof holderSchema>;

export const lockPathOf = (campaignFile: string) => `${campaignFile}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process is there, it only belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lock: string): LockHolder | null {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(fs.readFileSync(lock, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Who holds a campaign, in words a Judge can act on. */
export function describeHolder(h: LockHolder): string {
  const what = h.host === 'electron' ? 'the desktop app' : 'the web host';
  const where = h.hostname === os.hostname() ? 'on this machine' : `on ${h.hostname}`;
  return `${what} (process ${h.pid} ${where}, since ${new Date(h.since).toLocaleString('en-GB')})`;
}

/**
 * Takes the campaign's lock for this process; returns the function that gives it back.
 * Throws CampaignFileError('locked') naming the holder when another live opener has it.
 */
export function acquireCampaignLock(campaignFile: string, host: 'electron' | 'web'): () => void {
  const lock = lockPathOf(campaignFile);
  const me: LockHolder = { pid: process.pid, hostname: os.hostname(), host, since: new Date().toISOString(), owner: crypto.randomUUID() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lock, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return () => {
        // Only our own lock is removed: a taken-over one belongs to its new holder.
        if (readHolder(lock)?.owner === me.owner) fs.rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lock);
    const live = holder !== null && (holder.hostname !== os.hostname() || alive(holder.pid));
    if (live) {
      throw new CampaignFileError(
        'locked',
        `${path.basename(campaignFile)} is open in ${describeHolder(holder)}. One Lichslayer Judge at a time keeps a campaign, so that no change or undo of one reaches the other: close it there, then open it here. The file was not changed.`,
      );
    }
    // Its holder has ended (or the lock is unreadable): the lock is stale.
    fs.rmSync(lock, { force: true });
  }
  throw new CampaignFileError('locked', `${path.basename(campaignFile)}: its lock file could not be taken. The file was not changed.`);
}

/** The live holder of a campaign's lock, or null when nobody (alive) holds it. */
export function liveHolder(campaignFile: string): LockHolder | null {
  const holder = readHolder(lockPathOf(campaignFile));
  if (!holder) return null;
  return holder.hostname !== os.hostname() || alive(holder.pid) ? holder : null;
}
