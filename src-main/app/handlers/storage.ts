// storage.*: how big the campaign is and how much of its past it keeps (shown on the Backups
// screen): the sizes, the background integrity check, the Judge's choice of sessions kept, and
// compaction on demand (which also rewrites the file to give the freed space back).
import { compactCampaign, giveSpaceBack, storageView, writeKeep } from '../../db/campaign-storage.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function storageHandlers(ctx: HandlerContext): HandlersOf<'storage'> {
  const view = () => storageView(ctx.require().db, ctx.files.backupsDir, ctx.integrity());
  return {
    'storage.view': () => view(),
    'storage.setKeep': (args) => {
      writeKeep(ctx.require().db, args);
      return view();
    },
    'storage.compact': async () => {
      const { db } = ctx.require();
      // The state before is kept: compaction drops undo steps and moves ledger sessions out.
      await ctx.backup('before-compact');
      const compacted = await compactCampaign(db, ctx.files.backupsDir);
      giveSpaceBack(db);
      ctx.changed();
      return { ...view(), compacted };
    },
  };
}
