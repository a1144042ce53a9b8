// Travel between Towns (rulebook ch.5): 1d6 days on the road with a roll each day, the survival
// clock running all the way, and each Town keeping its own Smith, Inn, Attention and Square.
import { parseStoredJson } from '../state/stored-json.ts';
import { rosterRows } from '../state/roster.ts';
import type { PlayReader, PlaySession, RollRecord } from '../state/session.ts';
import { z } from 'zod';
import { townStateSchema, type TownState } from '@shared/town.ts';
import { readWorld, writeWorld } from '../state/board.ts';
import { damagedSetting, CommandFailure } from '../state/failures.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import { readTown, today, writeTown } from '../state/town.ts';
import { absentAttentionShift, type AttentionStage } from '../rules/lich-attention.ts';
import { closeDay } from './day/day-close.ts';
import { archivedAttention, attentionActor, diveActor } from './machines.ts';
import { attentionSavedAt } from '../machines/attention-machine.ts';
import { encounterTier, mayReturn, rollRoad } from '../rules/travel.ts';
import { weekOf } from '../rules/calendar.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { fedByEarlierMeal } from '@shared/inn-day.ts';

/** The party sets out for another Town; returns the days on the road and what happened on them. */
export function travel(ps: PlaySession, args: { to: string }): { days: number; notes: string[] } {
  const state = readTown(ps);
  const from = ps.byId('town', 1)!;
  if (args.to.trim().toLowerCase() === from.name.trim().toLowerCase())
    throw new CommandFailure('refused', `The party is already in ${from.name}. Nothing changed.`);
  if (String(diveActor(ps).getSnapshot().value) !== 'town')
    throw new CommandFailure('refused', 'The party must be in the Town to set out. Nothing changed.');
  const left = state.departed.find((d) => d.town.toLowerCase() === args.to.trim().toLowerCase());
  if (left) {
    const back = mayReturn(left.day, from.day);
    if (!back.ok)
      throw new CommandFailure(
        'refused',
        `The party left ${left.town} on day ${left.day}: ${back.reason}. Nothing changed.`,
      );
  }
  const lines: string[] = [];
  const tier = encounterTier(partyDeepestFloor(ps, state));
  const days = ps.roll('town.travel', ({ dice, tables, drawn }) => {
    const road = rollRoad(dice, args.to);
    const records: RollRecord[] = [{ cause: `Travel to ${args.to} (ch.5)`, explain: road.explain, result: road.days }];
    for (const d of road.road) {
      let text =
        d.event === 'encounter'
          ? 'an encounter'
          : d.event === 'stranger'
            ? 'a stranger met: a possible Retainer or NPC'
            : 'nothing';
      if (d.event === 'encounter') {
        // ch.5: the Entities table of the party's deepest floor tier, rolled with the table's own die.
        const node = rollOnTable(
          { dice, tables, drawn, cause: `Travel day ${d.day} encounter` },
          `entities-${tier.tier}`,
        );
        text = `an encounter (${tier.explain}): ${node.label}${node.details ? ` — ${node.details}` : ''}`;
        records.push({
          cause: `Travel day ${d.day} encounter (ch.5)`,
          table: `entities-${tier.tier}`,
          explain: node.explain,
          result: node,
        });
      }
      lines.push(`Road, day ${d.day}: ${d.roll.natural} on d6, ${text} (ch.5)`);
      records.push({
        cause: `Travel day ${d.day} (ch.5)`,
        explain: `${d.roll.natural} on d6: ${text}`,
        result: d.roll,
      });
    }
    return { value: road.days.natural, records };
  });
  lines.push(`The survival clock runs the whole way: ${days} day${days === 1 ? '' : 's'} pass (ch.5)`);
  // ch.5: each Town keeps its own Smith, Inn history, Attention and Square Watch: the one left
  // behind is kept as it was; the one reached is its own (restored if known, fresh if not).
  const world = readWorld(ps);
  const archive = JSON.stringify({
    state: { ...state, departed: [] },
    // As kept since Towns were first archived: the setting's row, its text under `value`.
    attention: ((text) => (text === null ? null : { value: text }))(ps.settingText('machine:attention')),
    world,
  });
  const departed = [
    ...state.departed.filter((d) => d.town.toLowerCase() !== from.name.toLowerCase() && d !== left),
    { town: from.name, day: from.day, archive },
  ];
  ps.update('town', 1, { name: left?.town ?? args.to.trim() });
  // The party brings its Gauntlets, Retainers and reputation (ch.5). The Forest is one place, a single
  // level (ch.17): its Giver, feedings and grayed regions go with the campaign, not with a Town; the
  // party leaves it for the road.
  const forest = { ...state.forest, present: [], conditions: {}, phenomena: null };
  const arrival = today(ps) + days;
  if (left?.archive) {
    // Archives written before format 6 kept the stage beside the Square's state too.
    const saved = readArchive(left.archive);
    const snapshot = saved.attention ? archivedAttention(saved.attention.value) : null;
    const before = (snapshot?.context.stage ?? saved.world.attentionStage ?? 0) as AttentionStage;
    const shift = ps.roll('town.travel', ({ dice }) => {
      const d6 = dice.die(6, `${left.town}'s Attention while away`);
      const r = absentAttentionShift(before, d6.natural, readHouseRules(ps).absentAttention);
      return {
        value: r,
        records: [
          { cause: `${left.town}'s Attention while the party was away (ch.5)`, explain: r.explain, result: d6 },
        ],
      };
    });
    lines.push(`${left.town}: ${shift.explain}`);
    writeTown(
      ps,
      townStateSchema.parse({
        ...saved.state,
        retainers: state.retainers,
        nextId: Math.max(state.nextId, saved.state.nextId),
        departed,
        forest,
      }),
    );
    writeSetting(
      ps,
      'machine:attention',
      snapshot
        ? { ...snapshot, value: `stage${shift.stage}`, context: { ...snapshot.context, stage: shift.stage } }
        : attentionSavedAt(shift.stage),
    );
    writeWorld(ps, { festival: saved.world.festival, squareEmpty: saved.world.squareEmpty });
  } else {
    // A Town reached for the first time starts its weeks from the week of arrival (ch.5).
    const week = weekOf(arrival, readHouseRules(ps));
    writeTown(
      ps,
      townStateSchema.parse({
        departed,
        retainers: state.retainers,
        nextId: state.nextId,
        forest,
        weeks: { opened: week, closed: Math.max(0, week - 1) },
      }),
    );
    writeSetting(ps, 'machine:attention', null);
    writeWorld(ps, { festival: false, squareEmpty: false });
  }
  // The days on the road pass for the calendar and the survival clocks.
  const day0 = today(ps);
  ps.update('town', 1, { day: day0 + days });
  // No Inn on the road: each day closes unfed and unsheltered (ch.5), through the same rules as in Town.
  for (let d = 0; d < days; d++) {
    for (const l of rosterRows(ps)) {
      const line = closeDay(ps, l, {
        ate: fedByEarlierMeal(l.fed_through, day0 + d),
        sheltered: false,
        day: day0 + d,
        stage: 0,
      });
      if (line.kind === 'change') lines.push(`Road, day ${d + 1}: ${line.text}`);
    }
  }
  return { days, notes: lines };
}

/** A departed Town as this module archives it, validated when the party comes back (a crafted archive refuses by name). */
const townArchiveSchema = z.object({
  state: townStateSchema,
  attention: z.object({ value: z.string() }).nullable(),
  world: z.object({
    festival: z.boolean(),
    squareEmpty: z.boolean(),
    attentionStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  }),
});

function readArchive(json: string): z.output<typeof townArchiveSchema> {
  const raw = parseStoredJson(json);
  if (!raw.ok) throw damagedSetting('town-state', `a departed Town's archive ${raw.why}`);
  const parsed = townArchiveSchema.safeParse(raw.value);
  if (!parsed.success) throw damagedSetting('town-state', "a departed Town's archive is not what the app keeps");
  return parsed.data;
}

/**
 * The deepest Tomb floor the party has reached (ch.5's encounter tier): the most any Town's Attention
 * saw it descend — this one's and those left behind — or the dive's own floors.
 */
export function partyDeepestFloor(ps: PlayReader, state: TownState): number {
  const dive = diveActor(ps).getSnapshot().context;
  const here = attentionActor(ps).getSnapshot().context.deepestFloorReached;
  const away = state.departed.map((d) => {
    // An archive written before format 6 kept no Attention of its own.
    const saved = parseStoredJson(d.archive);
    const attention = saved.ok ? (saved.value as { attention?: { value?: unknown } | null }).attention : null;
    if (typeof attention?.value !== 'string') return 0;
    const snapshot = parseStoredJson(attention.value);
    const reached = snapshot.ok
      ? (snapshot.value as { context?: { deepestFloorReached?: unknown } } | null)?.context?.deepestFloorReached
      : 0;
    return typeof reached === 'number' ? reached : 0;
  });
  return Math.max(0, here, dive.floor ?? 0, ...dive.floorsCleared, ...away);
}
