// forest.*: the Forest (rulebook ch.3, ch.17): going in and out (the Familiar at each visit),
// feeding the Giver, mining a vein and moving on from a grayed region.
import { addToInventory } from '../../db/inventory.ts';
import { readTown, today, writeTown } from '../../db/town-repo.ts';
import { DISPOSITION_COLOURS, STONE_FOR } from '../../rules/smith.ts';
import { requireLichslayer as person } from '../lichslayer-row.ts';
import { rollWithTables } from '../table-rolls.ts';
import { familiarRolls } from '../town-ops.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../command-failure.ts';
import { diveActor } from '../phase-store.ts';
import { turnedMayGo } from '../../rules/turning.ts';

export function forestHandlers(ctx: HandlerContext): HandlersOf<'forest'> {
  return {
    'forest.go': (args) =>
      ctx.transact('forest.go', args, args.where === 'forest' ? 'Into the Forest' : 'Back from the Forest', (w, database) => {
        const state = readTown(database);
        // ch.16: the turned leave the Tombs only on the Pilgrimage, toward the Forest.
        if (args.where === 'town') {
          const turned = diveActor(database).getSnapshot().context.turned;
          for (const id of args.ids.filter((i) => turned.includes(i))) throw new CommandFailure('refused', `${turnedMayGo(person(database, id).name, 'town')}. Nothing changed.`);
        }
        const present = args.where === 'forest' ? [...new Set([...state.forest.present, ...args.ids])] : state.forest.present.filter((id) => !args.ids.includes(id));
        const notes: string[] = [];
        if (args.where === 'forest') {
          for (const id of args.ids) person(database, id);
          // ch.3: the Witch rolls 1d8 for a Familiar at each Forest visit.
          familiarRolls(database, args.ids, 'the Forest', notes);
        }
        writeTown(w, database, { ...state, forest: { ...state.forest, present } });
        return { day: today(database), notes };
      }),
    'forest.feed': (args) =>
      ctx.transact('forest.feed', args, 'Feed the Giver', (w, database) => {
        const state = readTown(database);
        const p = person(database, args.id);
        if (!state.forest.present.includes(p.id)) throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.giverHealth <= 0) throw new CommandFailure('refused', 'The Giver is dead (ch.17). Nothing changed.');
        const times = (state.forest.feedings[String(p.id)] ?? 0) + 1;
        writeTown(w, database, { ...state, forest: { ...state.forest, fedThisWeek: true, feedings: { ...state.forest.feedings, [String(p.id)]: times } } });
        return { day: today(database), notes: [`${p.name} feeds the Giver (${times} time${times === 1 ? '' : 's'})${times === 3 ? ": the Giver's Recipes open to them (ch.17)" : ''}`] };
      }),
    'forest.mine': (args) =>
      ctx.transact('forest.mine', args, 'Mine a vein', (w, database) => {
        const state = readTown(database);
        const p = person(database, args.id);
        if (!state.forest.present.includes(p.id)) throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.regionGray) throw new CommandFailure('refused', 'This region is gray: its vein is spent and nothing regrows (ch.17). Move on first. Nothing changed.');
        // ch.17: the vein's colour on d6 (one Stone per colour), 1d6 Stones, exploding; then the region grays.
        const found = rollWithTables(database, 'forest.mine', ({ dice }) => {
          const colour = dice.die(6, `${p.name} mines a vein: colour`);
          const count = dice.explodingD6(`${p.name} mines a vein: Stones`);
          const c = DISPOSITION_COLOURS[colour.natural - 1]!;
          const stone = STONE_FOR[c]!;
          const explain = `${colour.natural} on d6: ${stone} (${c}); ${count.total} Stone${count.total === 1 ? '' : 's'} (1d6! ${count.faces.join('+')}) (ch.17)`;
          return { value: { stone, n: count.total, explain }, records: [{ cause: `${p.name} mines a vein (ch.17)`, character: p.name, explain, result: { colour, count } }] };
        });
        addToInventory(w, database, p.id, found.stone, found.n);
        writeTown(w, database, { ...state, forest: { ...state.forest, regionGray: true, grayedRegions: state.forest.grayedRegions + 1 } });
        return { day: today(database), notes: [`${p.name}: ${found.explain}`, 'The vein is empty: this region grays for good; a day here forces a Sanity Challenge (target 12) (ch.17)'] };
      }),
    'forest.move': () =>
      ctx.transact('forest.move', {}, 'Move on in the Forest', (w, database) => {
        const state = readTown(database);
        if (!state.forest.present.length) throw new CommandFailure('refused', 'No one is in the Forest. Nothing changed.');
        writeTown(w, database, { ...state, forest: { ...state.forest, regionGray: false } });
        return { day: today(database), notes: ['The party moves on to a living region of the Forest'] };
      }),
  };
}
