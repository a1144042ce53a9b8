// campaign.*: the campaign files a Judge keeps — listing, creating, opening, duplicating, deleting.
import fs from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_EXTENSION, campaignInFolder, CampaignFileError } from '../../db/campaign-file.ts';
import { breakCampaignLock, describeHolder, liveHolder } from '../../db/campaign-lock.ts';
import { listBackups, newestHealthy } from '../../db/backups.ts';
import { forgetAllSteps } from '../../db/history.ts';
import { hasCampaignBasics } from '../../db/campaign-meta.ts';
import { CommandFailure } from '../../state/failures.ts';
import { moveToTrash } from '../../db/campaign-trash.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { initialiseCampaign } from '../starter-campaign.ts';
import { moveIntoPlace } from '../duplicate-copies.ts';
import { ensureSmith } from '../../play/town.ts';
import { readTown, writeTown } from '../../state/town.ts';

export function campaignHandlers(ctx: HandlerContext): HandlersOf<'campaign'> {
  const { files, options } = ctx;
  /** File commands touch only campaigns in the campaigns folder; others come in by import. */
  const inFolder = (file: string) => campaignInFolder(files.campaignsDir, file);
  /** A campaign another process has open is not this one's to delete or replace. */
  const notHeldElsewhere = (file: string, doing: string) => {
    const holder = files.current()?.path === file ? null : liveHolder(file, options.nativeBinding);
    if (holder)
      throw new CommandFailure(
        'refused',
        `Not ${doing}: ${path.basename(file)} is open in ${describeHolder(holder)}. Close it there first.`,
      );
  };
  const opened = () => {
    ctx.changed();
    return ctx.view();
  };
  return {
    'campaign.list': () => {
      const inDir = fs
        .readdirSync(files.campaignsDir)
        .filter((f) => f.endsWith(CAMPAIGN_EXTENSION))
        .map((f) => path.join(files.campaignsDir, f));
      return [...new Set([...files.recent(), ...inDir])].map((f) => {
        try {
          return files.summary(inFolder(f));
        } catch (error) {
          // Opened from elsewhere before files were confined: listed, with the way to bring it in.
          return {
            path: f,
            fileName: path.basename(f),
            modifiedAt: '',
            damaged: false,
            heldBy: null,
            name: null,
            problem: error instanceof Error ? error.message : String(error),
          };
        }
      });
    },

    'campaign.current': () => (files.current() ? ctx.view() : null),

    'campaign.create': async ({ name }) => {
      const { db } = await files.open(files.freshPath(name), true);
      db.transaction(() => initialiseCampaign(db, name))();
      // ch.4: the Smith's disposition is rolled as the campaign starts (in the ledger, shown in the Town),
      // not at the first day's close. Part of the creation, so not a step of its own to undo.
      ctx.transact('smith.roll', {}, "The Smith's disposition", (ps) => writeTown(ps, ensureSmith(ps, readTown(ps))));
      forgetAllSteps(db);
      return opened();
    },

    'campaign.open': async (args) => {
      const file = inFolder(args.path);
      try {
        await files.open(file, false);
      } catch (error) {
        if (error instanceof CampaignFileError && error.problem === 'damaged') {
          const good = await newestHealthy(listBackups(files.backupsDir, path.resolve(file)), options.nativeBinding);
          throw new CommandFailure(
            'campaign-file',
            `${error.message} ${good ? `The newest good backup is from ${new Date(good.at).toLocaleString('en-GB')}: choose “Restore newest good backup”.` : 'No good backup of it was found.'}`,
          );
        }
        throw error;
      }
      const { db } = ctx.require();
      // A file that was empty when opened gets the campaign basics, like a new one.
      if (!hasCampaignBasics(db)) {
        db.transaction(() => initialiseCampaign(db, path.basename(file, CAMPAIGN_EXTENSION)))();
      }
      return opened();
    },

    'campaign.close': () => {
      files.close();
      ctx.changed();
      return null;
    },

    'campaign.duplicate': async ({ path: file, name }) => {
      const source = inFolder(file);
      // Copied, renamed and given its own undo history on the copy worker before this command's turn
      // (app/duplicate-copies.ts); then listed once the open check's worker has checked it, so no
      // page of either file is read on this thread.
      const copy = await files.duplicateCopy(source, name);
      const target = files.freshPath(name);
      moveIntoPlace(copy, target);
      return files.checkedSummary(target);
    },

    'campaign.breakLock': ({ path: file }) => {
      const target = inFolder(file);
      if (files.current()?.path === target)
        throw new CommandFailure(
          'refused',
          `${path.basename(target)} is open here; there is no other holder's lock to break.`,
        );
      const holder = breakCampaignLock(target, options.nativeBinding);
      if (holder)
        console.error(`Lichslayer Judge: the Judge broke the lock that ${describeHolder(holder)} held on ${target}.`);
      return files.summary(target);
    },

    'campaign.cancelCheck': () => files.cancelChecks(),

    'campaign.delete': async ({ path: file }) => {
      // Confined first, like every file command: a name is read inside the campaigns folder, and
      // one outside it is refused whether or not it exists.
      let target: string;
      try {
        target = inFolder(file);
      } catch (error) {
        // An entry opened from elsewhere before files were confined leaves the list; its file stays.
        if (error instanceof CampaignFileError && files.recent().includes(file)) {
          files.forget(file);
          throw new CommandFailure(
            'refused',
            `${error.message} It was taken off the list of recent campaigns; the file itself was not deleted.`,
          );
        }
        throw error;
      }
      if (!fs.existsSync(target)) {
        files.forget(target);
        return null;
      }
      notHeldElsewhere(target, 'deleted');
      if (files.current()?.path === target) {
        files.close();
        ctx.changed();
      }
      await moveToTrash(target, files.backupsDir, options.nativeBinding);
      files.forget(target);
      return null;
    },
  };
}
