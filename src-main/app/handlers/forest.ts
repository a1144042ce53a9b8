// forest.*: the Forest (rulebook ch.3, ch.5, ch.6, ch.17): going in (the day's d6 and Phenomena at
// entry, the Familiar, Stage 4's hostile encounter) and out, feeding the Giver, mining a vein and
// moving on from a grayed region, Flora patches found and harvested, tributes and griefing.
import { addToInventory } from '../../state/inventory.ts';
import { readHouseRules } from '../../state/settings.ts';
import { readTown, today, writeTown } from '../../state/town.ts';
import { weekOf } from '../../rules/calendar.ts';
import {
  afterVeinEmptied,
  beingKilled,
  feedGiver,
  harvestPatch,
  mineVein,
  recordForestDeed,
  rollFloraPatch,
} from '../../rules/forest.ts';
import { dropSanity, SANITY_LADDER } from '../../rules/sanity.ts';
import { forestEntry } from '../../play/day/forest-day.ts';
import { requireLichslayer as person } from '../../state/lichslayer.ts';
import { attentionStage, diveActor, partyIds } from '../../play/machines.ts';
import { entryAt } from '../../tables/table-entries.ts';
import { boonStrength, familiarRolls, giverHealthOf, idolEffects, tombFloorOf } from '../../play/town.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';
import { turnedMayGo } from '../../rules/turning.ts';

export function forestHandlers(ctx: HandlerContext): HandlersOf<'forest'> {
  const notes = (ps: Parameters<typeof today>[0], lines: string[]) => ({ day: today(ps), notes: lines });
  return {
    'forest.go': (args) =>
      ctx.transact('forest.go', args, args.where === 'forest' ? 'Into the Forest' : 'Back from the Forest', (ps) => {
        let state = readTown(ps);
        const day = today(ps);
        if (args.where === 'town') {
          // ch.16: the turned leave the Tombs only on the Pilgrimage, toward the Forest.
          const turned = diveActor(ps).getSnapshot().context.turned;
          for (const id of args.ids.filter((i) => turned.includes(i)))
            throw new CommandFailure('refused', `${turnedMayGo(person(ps, id).name, 'town')}. Nothing changed.`);
          writeTown(ps, {
            ...state,
            forest: { ...state.forest, present: state.forest.present.filter((id) => !args.ids.includes(id)) },
          });
          return notes(ps, []);
        }
        const dive = diveActor(ps).getSnapshot().context;
        const entrants = args.ids.filter((id) => !state.forest.present.includes(id)).map((id) => person(ps, id));
        const diving = entrants.find((l) => tombFloorOf(ps, l.id) !== null);
        if (diving)
          throw new CommandFailure(
            'refused',
            `${diving.name} is on Floor ${tombFloorOf(ps, diving.id)} of the Tombs: the Forest is reached from the Town. Nothing changed.`,
          );
        if (!entrants.length)
          throw new CommandFailure('refused', 'Everyone named is in the Forest already. Nothing changed.');
        const rules = readHouseRules(ps);
        const lines: string[] = [];
        const { boons } = idolEffects(ps, state, day);
        const rolled = ps.roll('forest.go', ({ dice, tables, drawn }) => {
          const r = forestEntry(dice, {
            day,
            stage: attentionStage(ps),
            players: partyIds(ps).filter((id) => !dive.lost.includes(id) && !dive.turned.includes(id)).length,
            town: state,
            tables,
            rules,
            entrants: entrants.map((l) => ({ id: l.id, name: l.name })),
            forestSigil: entrants.some((l) => boonStrength(boons, 'forest-sigil', l.id, rules) === 'full'),
            drawn,
          });
          return { value: r, records: r.records };
        });
        state = rolled.town;
        lines.push(...rolled.lines);
        // ch.3: the Witch's Familiar at each Forest visit.
        familiarRolls(
          ps,
          entrants.map((l) => l.id),
          'the Forest',
          lines,
        );
        writeTown(ps, {
          ...state,
          forest: {
            ...state.forest,
            present: [...state.forest.present, ...entrants.map((l) => l.id)],
            firstVisit: state.forest.firstVisit ?? day,
          },
        });
        return notes(ps, lines);
      }),
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
    'forest.mine': (args) =>
      ctx.transact('forest.mine', args, 'Mine a vein', (ps) => {
        const state = readTown(ps);
        const p = person(ps, args.id);
        if (!state.forest.present.includes(p.id))
          throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.regionGray)
          throw new CommandFailure(
            'refused',
            'This region is gray: its vein is spent and nothing regrows (ch.17). Move on first. Nothing changed.',
          );
        const rules = readHouseRules(ps);
        const found = ps.roll('forest.mine', ({ dice, tables }) => {
          const stoneAt = (face: number) => {
            const row = entryAt(tables, 'stones', face);
            return row?.loot ? { stone: row.label, colour: row.loot.colour } : null;
          };
          const v = mineVein(dice, { miner: p.name, stoneAt }, rules);
          return {
            value: v,
            records: [
              {
                cause: `${p.name} mines a vein (ch.17)`,
                table: 'stones',
                character: p.name,
                explain: v.explain,
                result: v,
              },
            ],
          };
        });
        const lines = [`${p.name}: ${found.explain}`];
        for (const s of found.stones) {
          const put = addToInventory(ps, p.id, s.stone, s.count, undefined, { partial: true });
          if (put.left) lines.push(`${put.explain}: they stay in the rock`);
        }
        const gray = afterVeinEmptied(state.forest.grayedRegions);
        writeTown(ps, {
          ...state,
          forest: { ...state.forest, regionGray: gray.regionGray, grayedRegions: gray.grayedRegions },
        });
        return notes(ps, [...lines, gray.explain]);
      }),
    'forest.move': () =>
      ctx.transact('forest.move', {}, 'Move on in the Forest', (ps) => {
        const state = readTown(ps);
        if (!state.forest.present.length)
          throw new CommandFailure('refused', 'No one is in the Forest. Nothing changed.');
        // The patches found belong to the region left behind.
        writeTown(ps, { ...state, forest: { ...state.forest, regionGray: false, patches: [] } });
        return notes(ps, ['The party moves on to a living region of the Forest; the Flora patches found stay behind']);
      }),
    'forest.forage': (args) =>
      ctx.transact('forest.forage', args, 'Look for Flora', (ps) => {
        const state = readTown(ps);
        const p = person(ps, args.id);
        if (!state.forest.present.includes(p.id))
          throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
        if (state.forest.regionGray)
          throw new CommandFailure(
            'refused',
            'Nothing regrows in a gray region (ch.17). Move on first. Nothing changed.',
          );
        const rules = readHouseRules(ps);
        if (!ps.tables.defs.has('flora'))
          throw new CommandFailure('refused', 'This campaign has no Flora table (key “flora”). Nothing changed.');
        const patch = ps.roll('forest.forage', ({ dice, tables }) => {
          const floraAt = (face: number) => {
            const row = entryAt(tables, 'flora', face);
            return row ? { flora: row.label, colour: row.loot?.colour ?? ('Colourless' as const) } : null;
          };
          const r = rollFloraPatch(dice, { who: p.name, floraAt }, rules);
          return {
            value: r,
            records: [
              {
                cause: `${p.name} looks for Flora (ch.17)`,
                table: 'flora',
                character: p.name,
                explain: r.ok ? r.explain : r.reason,
                result: r,
              },
            ],
          };
        });
        if (!patch.ok) throw new CommandFailure('refused', `${patch.reason}. Nothing changed.`);
        const id = state.nextId;
        writeTown(ps, {
          ...state,
          nextId: id + 1,
          forest: {
            ...state.forest,
            patches: [
              ...state.forest.patches,
              { id, flora: patch.flora, colour: patch.colour, count: patch.count, harvested: false },
            ],
          },
        });
        return notes(ps, [`${p.name}: ${patch.explain}`]);
      }),
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
