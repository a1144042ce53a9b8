import { addToInventory } from '../state/inventory.ts';
import { readHouseRules } from '../state/settings.ts';
import { readTown, today, writeTown } from '../state/town.ts';
import { afterVeinEmptied, mineVein, rollFloraPatch } from '../rules/forest.ts';
import { forestEntry } from './day/forest-day.ts';
import { requireLichslayer as person } from '../state/lichslayer.ts';
import { attentionStage, diveActor, partyIds } from './machines.ts';
import { entryAt } from '../tables/table-entries.ts';
import { boonStrength, familiarRolls, idolEffects, tombFloorOf } from './town.ts';
import { CommandFailure } from '../state/failures.ts';
import { turnedMayGo } from '../rules/turning.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { PlaySession } from '../state/session.ts';

/** The party goes into the Forest or back to the Town (ch.17) */
export function goToForest(ps: PlaySession, args: ParsedArgsOf<'forest.go'>) {
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
}

/** A Lichslayer forages in the Forest for Flora (ch.17) */
export function forage(ps: PlaySession, args: ParsedArgsOf<'forest.forage'>) {
  const state = readTown(ps);
  const p = person(ps, args.id);
  if (!state.forest.present.includes(p.id))
    throw new CommandFailure('refused', `${p.name} is not in the Forest. Nothing changed.`);
  if (state.forest.regionGray)
    throw new CommandFailure('refused', 'Nothing regrows in a gray region (ch.17). Move on first. Nothing changed.');
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
}

/** A vein in the Forest mined for Stones (ch.17) */
export function mineForestVein(ps: PlaySession, args: ParsedArgsOf<'forest.mine'>) {
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
}

/** What a Forest command answers: the day and what happened. */
const notes = (ps: Parameters<typeof today>[0], lines: string[]) => ({ day: today(ps), notes: lines });
