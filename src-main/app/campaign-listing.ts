// What the campaign list says of each file: its name and who holds it, or why it cannot be opened.
// Checking a file reads all of it, so it is done on the open check's worker before the command
// joins the queue (`beforeQueue`), once per version of each file: the host answers every other
// request meanwhile, and the list itself reads nothing but the file system and the locks. Opening
// a file the list checked uses that very check.
import path from 'node:path';
import fs from 'node:fs';
import { contract, type CampaignSummary } from '@shared/contract.ts';
import {
  CAMPAIGN_EXTENSION,
  campaignInFolder,
  EMPTY_CAMPAIGN_NAME,
  readCampaignName,
  withReadOnly,
} from '../db/campaign-file.ts';
import { describeHolder, liveHolder } from '../db/campaign-lock.ts';
import type { CheckedFiles } from '../db/checked-files.ts';
import type { OpenCheckResult } from '../db/open-check-runner.ts';
import { warmCopyWorker } from '../db/copy-runner.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { CampaignFileError } from '../state/failures.ts';
import { checkCampaignSettings } from './campaign-settings.ts';

export interface ListingSources {
  nativeBinding: string | undefined;
  campaignsDir: string;
  checks: CheckedFiles;
  /** The campaigns opened lately, wherever they are. */
  recent(): string[];
  /** The damage the background check found in this very file, if any. */
  knownDamage(file: string): string | null;
  /** The open campaign's path and name, when one is open. */
  open(): { path: string; name: string | null } | null;
}

type Base = Omit<CampaignSummary, 'name' | 'problem'>;

export class CampaignListing {
  /** The last summary of each closed campaign, from the last finished check of it. */
  private readonly summaries = new Map<string, CampaignSummary>();

  constructor(private readonly from: ListingSources) {}

  /**
   * The checks a command needs before it joins the queue, on the worker: the file campaign.open or
   * campaign.breakLock names, or every file campaign.list shows. Null when there is none to wait for.
   */
  beforeQueue(name: unknown, rawArgs: unknown): Promise<void> | null {
    let files: string[];
    if (name === 'campaign.list') files = this.listed();
    else if (name === 'campaign.open' || name === 'campaign.breakLock') {
      const parsed = contract[name].args.safeParse(rawArgs);
      if (!parsed.success) return null;
      try {
        files = [campaignInFolder(this.from.campaignsDir, parsed.data.path)];
      } catch {
        return null;
      }
      // The campaign opened is backed up at once on the copy worker, started meanwhile.
      if (name === 'campaign.open') warmCopyWorker();
    } else return null;
    const open = this.from.open()?.path;
    const waits = files
      .filter((f) => f !== open && fs.existsSync(f) && !this.from.knownDamage(f))
      .map((f) => this.from.checks.check(f).result);
    return waits.length ? Promise.all(waits).then(() => undefined) : null;
  }

  /** The checks the picker's first list waits on, started with the host; then the copy worker the first open backs up on, then `andThen`. */
  checkAhead(andThen: () => void): void {
    // One after the other: on two cores, loading both workers at once slows the check the list awaits.
    void (this.beforeQueue('campaign.list', {}) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => (warmCopyWorker(), andThen()));
  }

  /** The files campaign.list shows (as it names them): the recent ones, then the campaigns folder's. */
  private listed(): string[] {
    const dir = this.from.campaignsDir;
    const inDir = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(CAMPAIGN_EXTENSION))
      .map((f) => path.join(dir, f));
    const confined: string[] = [];
    for (const f of new Set([...this.from.recent(), ...inDir])) {
      try {
        confined.push(campaignInFolder(dir, f));
      } catch {
        /* listed with the way to bring it in, unread */
      }
    }
    return confined;
  }

  /** The summary once the worker has checked this version of the file (a copy just made). */
  async checkedSummary(file: string): Promise<CampaignSummary> {
    await this.from.checks.check(file).result;
    return this.summary(file);
  }

  summary(file: string): CampaignSummary {
    let modifiedAt = '';
    try {
      modifiedAt = fs.statSync(file).mtime.toISOString();
    } catch {
      /* a missing recent file still gets listed with its problem */
    }
    const fileName = path.basename(file);
    const known = this.from.knownDamage(file);
    if (known) return { path: file, fileName, modifiedAt, damaged: true, heldBy: null, name: null, problem: known };
    const open = this.from.open();
    if (open?.path === file)
      return { path: file, fileName, modifiedAt, damaged: false, heldBy: null, name: open.name, problem: null };
    // Who holds it is asked on every listing (a lock comes and goes without the file changing).
    const holder = liveHolder(file, this.from.nativeBinding);
    const base: Base = {
      path: file,
      fileName,
      modifiedAt,
      damaged: false,
      heldBy: holder ? describeHolder(holder) : null,
    };
    if (!fs.existsSync(file)) return { ...base, name: null, problem: `No campaign file at ${file}.` };
    const outcome = this.from.checks.outcome(file);
    if (outcome) {
      const summary = fromCheck(base, outcome);
      // A check that was stopped says nothing of the file: the next listing checks it again.
      if (!outcome.ok && outcome.problem === 'cancelled') this.from.checks.forget(file);
      else this.summaries.set(file, summary);
      return summary;
    }
    // Changed since its check (another program writes it): what its last check found, while the
    // worker checks this version for the next listing.
    const earlier = this.summaries.get(file);
    if (earlier) {
      this.from.checks.check(file);
      return { ...earlier, modifiedAt, heldBy: base.heldBy };
    }
    return this.checkedHere(file, base);
  }

  /**
   * A file no listing has checked (the copy campaign.duplicate just made from a checked campaign):
   * the list's part of the check, here.
   */
  private checkedHere(file: string, base: Base): CampaignSummary {
    try {
      const name = readCampaignName(file, this.from.nativeBinding);
      // Its settings too, so a damaged one is listed with the repair offer before it is opened.
      withReadOnly(file, this.from.nativeBinding, (ro) => {
        if (ro.pragma('user_version', { simple: true }) === LATEST_VERSION) checkCampaignSettings(ro);
      });
      return { ...base, name, problem: null };
    } catch (error) {
      const damaged = error instanceof CampaignFileError && error.problem === 'damaged';
      return { ...base, name: null, problem: error instanceof Error ? error.message : String(error), damaged };
    }
  }
}

/** What the list says of a file its check passed or refused. */
function fromCheck(base: Base, outcome: OpenCheckResult): CampaignSummary {
  if (!outcome.ok) return { ...base, name: null, problem: outcome.message, damaged: outcome.problem === 'damaged' };
  return { ...base, name: outcome.empty ? EMPTY_CAMPAIGN_NAME : outcome.name, problem: null };
}
