// campaign.duplicate's copy, made before the command joins the queue: once the commands sent before
// it are done, the copy worker copies the campaign into a private folder beside the campaigns (where
// no list sees it half made), renames it inside and gives it an undo history of its own, while the
// host answers every other request. The command, in its turn, only moves the finished copy into place.
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@shared/contract.ts';
import { campaignInFolder, CAMPAIGN_EXTENSION } from '../db/campaign-file.ts';
import { copyOffThread } from '../db/copy-runner.ts';
import { ledgerArchivePath } from '../db/ledger-archive.ts';

export interface DuplicateSources {
  campaignsDir: string;
  backupsDir: string;
  nativeBinding: string | undefined;
  /** The open campaign's path, when one is open. */
  open(): string | null;
  /** Settles once every command sent so far is done, so the copy holds what they wrote. */
  settled(): Promise<unknown>;
}

/** A finished copy in its private folder. */
export interface StagedCopy {
  file: string;
  folder: string;
}

export class DuplicateCopies {
  /** The copies under way or made, by source and name, in the order they were asked for. */
  private readonly staged = new Map<string, Promise<StagedCopy>[]>();

  constructor(private readonly from: DuplicateSources) {}

  /** For campaign.duplicate, the copy it will move into place; null for any other command. */
  beforeQueue(name: unknown, rawArgs: unknown): Promise<void> | null {
    if (name !== 'campaign.duplicate') return null;
    const parsed = contract[name].args.safeParse(rawArgs);
    if (!parsed.success) return null;
    let source: string;
    try {
      source = campaignInFolder(this.from.campaignsDir, parsed.data.path);
    } catch {
      // Refused by the command itself, in its turn.
      return null;
    }
    const copy = this.from.settled().then(() => this.copy(source, parsed.data.name));
    const key = `${source}\n${parsed.data.name}`;
    this.staged.set(key, [...(this.staged.get(key) ?? []), copy]);
    return copy.then(
      () => undefined,
      () => undefined,
    );
  }

  /** The copy made for this duplicate before it joined the queue, or one made now. */
  take(source: string, name: string): Promise<StagedCopy> {
    const key = `${source}\n${name}`;
    const waiting = this.staged.get(key);
    const copy = waiting?.shift();
    if (waiting?.length === 0) this.staged.delete(key);
    return copy ?? this.copy(source, name);
  }

  private async copy(source: string, name: string): Promise<StagedCopy> {
    const folder = fs.mkdtempSync(path.join(this.from.campaignsDir, '.duplicating-'));
    const file = path.join(folder, `copy${CAMPAIGN_EXTENSION}`);
    try {
      await copyOffThread(
        {
          kind: 'duplicate',
          source,
          target: file,
          name,
          backupDir: this.from.backupsDir,
          open: this.from.open() === source,
        },
        this.from.nativeBinding,
      ).result;
      return { file, folder };
    } catch (error) {
      fs.rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }
}

/** Moves a finished copy to `target` (a fresh name in the campaigns folder), its ledger archive with it. */
export function moveIntoPlace(copy: StagedCopy, target: string): void {
  try {
    if (fs.existsSync(ledgerArchivePath(copy.file)))
      fs.renameSync(ledgerArchivePath(copy.file), ledgerArchivePath(target));
    fs.renameSync(copy.file, target);
  } finally {
    fs.rmSync(copy.folder, { recursive: true, force: true });
  }
}
