// What the campaign list says of each file: its name and who holds it, or why it cannot be opened.
// Checking a file reads all of it, so a closed campaign is checked once per version of the file,
// not on every listing; a file the open check refused is listed with that refusal until it changes.
import path from 'node:path';
import fs from 'node:fs';
import type { CampaignSummary } from '@shared/contract.ts';
import { readCampaignName, withReadOnly } from '../db/campaign-file.ts';
import { describeHolder, liveHolder } from '../db/campaign-lock.ts';
import { type CheckedFiles, fileSignature } from '../db/checked-files.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { CampaignFileError } from '../state/failures.ts';
import { checkCampaignSettings } from './campaign-settings.ts';

export interface ListingSources {
  nativeBinding: string | undefined;
  checks: CheckedFiles;
  /** The damage the background check found in this very file, if any. */
  knownDamage(file: string): string | null;
  /** The open campaign's path and name, when one is open. */
  open(): { path: string; name: string | null } | null;
}

export class CampaignListing {
  /** Summaries of closed campaigns, each with the file signature it was checked at. */
  private readonly summaries = new Map<string, { signature: string; summary: CampaignSummary }>();

  constructor(private readonly from: ListingSources) {}

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
    const base = { path: file, fileName, modifiedAt, damaged: false, heldBy: holder ? describeHolder(holder) : null };
    const refused = this.from.checks.refusal(file);
    if (refused) return { ...base, name: null, problem: refused.message, damaged: refused.problem === 'damaged' };
    const signature = fileSignature(file);
    const cached = this.summaries.get(file);
    if (cached && signature !== null && cached.signature === signature)
      return { ...cached.summary, heldBy: base.heldBy };
    const summary = this.checked(file, base);
    if (signature !== null) this.summaries.set(file, { signature, summary });
    return summary;
  }

  /** What the list says of a closed campaign, after every check opening it would make. */
  private checked(file: string, base: Omit<CampaignSummary, 'name' | 'problem'>): CampaignSummary {
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
