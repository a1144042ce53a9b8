// forest.*: the Forest (rulebook ch.3, ch.5, ch.6, ch.17): going in (the day's d6 and Phenomena at
// entry, the Familiar, Stage 4's hostile encounter) and out, feeding the Giver, mining a vein and
// moving on from a grayed region, Flora patches found and harvested, tributes and griefing.
import { addToInventory } from '../../state/inventory.ts';
import { readHouseRules } from '../../state/settings.ts';
import { readTown, today, writeTown } from '../../state/town.ts';
import { weekOf } from '../../rules/calendar.ts';
import { beingKilled, feedGiver, harvestPatch, recordForestDeed } from '../../rules/forest.ts';
import { dropSanity, SANITY_LADDER } from '../../rules/sanity.ts';
import { requireLichslayer as person } from '../../state/lichslayer.ts';
import { diveActor, partyIds } from '../../play/machines.ts';
import { giverHealthOf } from '../../play/town.ts';
import { forage, goToForest, mineForestVein } from '../../play/forest.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

export function forestHandlers(ctx: HandlerContext): HandlersOf<'forest'> {
  const notes = (ps: Parameters<typeof today>[0], lines: string[]) => ({ day: today(ps), notes: lines });
  return {
    'forest.go': (args) =>
      ctx.transact('forest.go', args, args.where === 'forest' ? 'Into the Forest' : 'Back from the Forest', (ps) =>
        goToForest(ps, args),
      ),
    'forest.feed': (args) =>
      ctx.transact('forest.feed', args, 'Feed the Giver', (ps) => {
        const state = readTown(ps);
        const p = person(ps, args.id);
        if (!state.forest.present.includes(p.id))
          throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        const rules = readHouseRules(ps);
        const r = feedGiver({
          who: p.name,
          feedings: state.forest.feedings[String(p.id)] ?? 0,
          giverHealth: giverHealthOf(state, rules),
        });
        if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
        const week = weekOf(today(ps), rules);
        writeTown(ps, {
          ...state,
          forest: {
            ...state.forest,
            fedWeeks: [...new Set([...state.forest.fedWeeks, week])],
            feedings: { ...state.forest.feedings, [String(p.id)]: r.feedings },
          },
        });
        return notes(ps, [`${r.explain}; the Giver is fed for week ${week} (ch.17)`]);
      }),
    'forest.mine': (args) => ctx.transact('forest.mine', args, 'Mine a vein', (ps) => mineForestVein(ps, args)),
    'forest.move': () =>
      ctx.transact('forest.move', {}, 'Move on in the Forest', (ps) => {
        const state = readTown(ps);
        if (!state.forest.present.length)
          throw new CommandFailure('refused', 'No one is in the Forest. Nothing changed.');
        // The patches found belong to the region left behind.
        writeTown(ps, { ...state, forest: { ...state.forest, regionGray: false, patches: [] } });
        return notes(ps, ['The party moves on to a living region of the Forest; the Flora patches found stay behind']);
      }),
    'forest.forage': (args) => ctx.transact('forest.forage', args, 'Look for Flora', (ps) => forage(ps, args)),
    'forest.harvest': (args) =>
      ctx.transact('forest.harvest', args, 'Harvest Flora', (ps) => {
        const state = readTown(ps);
        const p = person(ps, args.id);
        if (!state.forest.present.includes(p.id))
          throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        const patch = state.forest.patches.find((x) => x.id === args.patch);
        if (!patch) throw new CommandFailure('not-found', `No Flora patch ${args.patch} in this region.`);
        const r = harvestPatch(patch, args.take);
        if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
        addToInventory(ps, p.id, patch.flora, r.taken);
        const patches = state.forest.patches.flatMap((x) =>
          x.id !== patch.id ? [x] : r.dies ? [] : [{ ...x, count: r.left, harvested: true }],
        );
        writeTown(ps, { ...state, forest: { ...state.forest, patches } });
        return notes(ps, [`${p.name}: ${r.explain}`]);
      }),
    'forest.record': (args) =>
      ctx.transact('forest.record', args, `Forest: ${args.event}`, (ps) => {
        const state = readTown(ps);
        const f = state.forest;
        if (args.event === 'tribute' || args.event === 'tribute-broken' || args.event === 'griefing') {
          const r = recordForestDeed(f, args.event);
          if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
          writeTown(ps, { ...state, forest: { ...f, tribute: r.tribute, griefing: r.griefing } });
          return notes(ps, [r.explain]);
        }
        // ch.17: a Great Being killed, and what it costs the party.
        const cost = beingKilled(args.event);
        if (cost.killer && args.killer === undefined)
          throw new CommandFailure(
            'refused',
            "Name the killer: a Daedric Being's death costs its killer a Sanity level (ch.17). Nothing changed.",
          );
        const rules = readHouseRules(ps);
        if (cost.giverDies && giverHealthOf(state, rules) <= 0)
          throw new CommandFailure('refused', 'The Giver is dead already (ch.17). Nothing changed.');
        const dive = diveActor(ps).getSnapshot().context;
        const party = partyIds(ps).filter((x) => !dive.lost.includes(x) && !dive.turned.includes(x));
        // The killer named must be one of those who pay: a cost that lands on nobody is no record.
        if (args.killer !== undefined && !party.includes(person(ps, args.killer).id))
          throw new CommandFailure(
            'refused',
            `${person(ps, args.killer).name} is not in the party (or is lost or turned), so could not have struck the killing blow. Nothing changed.`,
          );
        const lines = [cost.explain];
        for (const id of party) {
          const steps = cost.everyone + (id === args.killer ? cost.killer : 0);
          if (!steps) continue;
          const l = person(ps, id);
          const to = dropSanity(l.sanity, steps);
          ps.update('lichslayer', id, { sanity: to });
          lines.push(`${l.name}: Sanity ${SANITY_LADDER[l.sanity].label} → ${SANITY_LADDER[to].label}`);
        }
        if (cost.giverDies) writeTown(ps, { ...state, forest: { ...f, giverHealth: 0 } });
        return notes(ps, lines);
      }),
  };
}
