// print.*: Gauntlet sheets, the floor handout and loot cards, built in main (secrets dropped there).
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { floorHandout, lootCards, printGauntlets } from '../../views/print-view.ts';
import { requireLichslayer } from '../../state/lichslayer.ts';

export function printHandlers(ctx: HandlerContext): HandlersOf<'print'> {
  return {
    'print.gauntlets': (args) => {
      const { db, path } = ctx.require();
      const ps = ctx.state();
      // Every id named must be a Lichslayer: a sheet that silently leaves one out is not what was asked for.
      for (const id of args.ids ?? []) requireLichslayer(ps, id);
      return printGauntlets(db, ps, path, args.ids);
    },
    'print.floorHandout': (args) => floorHandout(ctx.require().db, ctx.state(), args.floor),
    'print.lootCards': (args) => lootCards(ctx.state(), args.indices),
    'print.savePdf': async (args) =>
      ctx.options.savePdf
        ? ctx.options.savePdf(args)
        : { saved: false, path: null, message: "Use the browser's print dialog and choose “Save as PDF”." },
  };
}
