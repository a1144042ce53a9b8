// backups.*: the open campaign's db.backup() copies, restoring one, and how many are kept.
import path from 'node:path';
import { isHealthyOffThread, listBackups, newestHealthy, restoreInto, type BackupInfo } from '../../db/backups.ts';
import { campaignInFolder } from '../../db/campaign-file.ts';
import { describeHolder, liveHolder } from '../../db/campaign-lock.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

const entry = (b: BackupInfo) => ({ fileName: b.fileName, at: b.at, reason: b.reason, bytes: b.bytes });

export function backupsHandlers(ctx: HandlerContext): HandlersOf<'backups'> {
  const { files, options } = ctx;
  const reopen = async (file: string) => {
    await files.open(file, false);
    ctx.changed();
    return ctx.view();
  };
  return {
    'backups.list': () => listBackups(files.backupsDir, ctx.require().path).map(entry),

    'backups.create': async () => {
      ctx.require();
      await ctx.backup('by-hand');
      return listBackups(files.backupsDir, ctx.require().path).map(entry);
    },

    'backups.restore': async ({ fileName }) => {
      const { path: file } = ctx.require();
      const chosen = listBackups(files.backupsDir, file).find((b) => b.fileName === fileName);
      if (!chosen) throw new CommandFailure('not-found', `No backup called ${fileName} for this campaign.`);
      if (!(await isHealthyOffThread(chosen.file, options.nativeBinding)))
        throw new CommandFailure('refused', `${fileName} is damaged itself; choose another backup.`);
      // Restoring first backs up the state it replaces, so a restore can itself be undone by restoring.
      await ctx.backup('before-restore');
      files.close();
      await restoreInto(chosen.file, file, path.join(files.backupsDir, 'replaced'), options.nativeBinding);
      return reopen(file);
    },

    'backups.restoreNewest': async ({ path: file }) => {
      // Only a campaign of the campaigns folder is replaced, and only when no other process has it open.
      const target = campaignInFolder(files.campaignsDir, file);
      const holder = files.current()?.path === target ? null : liveHolder(target, options.nativeBinding);
      if (holder)
        throw new CommandFailure(
          'refused',
          `Not restored: ${path.basename(target)} is open in ${describeHolder(holder)}. Close it there first.`,
        );
      const good = await newestHealthy(listBackups(files.backupsDir, target), options.nativeBinding);
      if (!good)
        throw new CommandFailure(
          'not-found',
          `No good backup of ${path.basename(target)} was found in ${files.backupsDir}.`,
        );
      if (files.current()?.path === target) files.close();
      // The damaged file is moved aside untouched, never written to.
      await restoreInto(good.file, target, path.join(files.backupsDir, 'damaged'), options.nativeBinding);
      return reopen(target);
    },

    'backups.retention': () => files.retention(),
    'backups.setRetention': (args) => files.setRetention(args),
  };
}
