// Travel between Towns (rulebook ch.5): 1d6 days on the road with a roll each day, the survival
// clock running all the way, and each Town keeping its own Smith, Inn, Attention and Square.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { townStateSchema } from '@shared/town.ts';
import { readWorld, writeWorld } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { damagedSetting, readHouseRules, writeSetting } from '../db/settings.ts';
import { readTown, today, writeTown } from '../db/town-repo.ts';
import { absentAttentionShift, type AttentionStage } from '../rules/lich-attention.ts';
import { CommandFailure } from './command-failure.ts';
import { closeDay } from './day-close.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { archivedAttention, attentionSnapshotAt, diveActor } from './phase-store.ts';
import { entryText, rollWithTables } from './table-rolls.ts';

/** The party sets out for another Town; returns the days on the road and what happened on them. */
export function travel(w: RecordingWriter, database: Database, args: { to: string }): { days: number; notes: string[] } {
  const state = readTown(database);
  const from = (database.prepare(`SELECT name, day FROM town WHERE id = 1`).get() as { name: string; day: number });
  if (args.to.trim().toLowerCase() === from.name.trim().toLowerCase()) throw new CommandFailure('refused', `The party is already in ${from.name}. Nothing changed.`);
  if (String(diveActor(database).getSnapshot().value) !== 'town') throw new CommandFailure('refused', 'The party must be in the Town to set out. Nothing changed.');
  const left = state.departed.find((d) => d.town.toLowerCase() === args.to.trim().toLowerCase());
  if (left && from.day - left.day < 7) throw new CommandFailure('refused', `The party left ${left.town} on day ${left.day}: no return for 7 days, until day ${left.day + 7} (ch.5). Nothing changed.`);
  const lines: string[] = [];
  const deepest = Math.max(1, ...diveActor(database).getSnapshot().context.floorsCleared, diveActor(database).getSnapshot().context.floor ?? 1);
  const days = rollWithTables(database, 'town.travel', ({ dice, tables }) => {
    const d = dice.die(6, `Travel to ${args.to}`);
    const records = [{ cause: `Travel to ${args.to} (ch.5)`, explain: `1d6 = ${d.natural} days on the road`, result: d }];
    for (let i = 1; i <= d.natural; i++) {
      const e = dice.die(6, `Travel day ${i}`);
      let text = e.natural <= 2 ? 'an encounter' : e.natural === 6 ? 'a stranger met: a possible Retainer or NPC' : 'nothing';
      if (e.natural <= 2) {
        const tier = deepest <= 3 ? 'upper' : deepest <= 6 ? 'middle' : 'lower';
        const pick = dice.die(12, `Travel day ${i} encounter`);
        text = `an encounter: ${entryText(tables, `entities-${tier}`, pick.natural)}`;
      }
      lines.push(`Road, day ${i}: ${e.natural} on d6, ${text} (ch.5)`);
      records.push({ cause: `Travel day ${i} (ch.5)`, explain: `${e.natural} on d6: ${text}`, result: e });
    }
    return { value: d.natural, records };
  });
  lines.push(`The survival clock runs the whole way: ${days} day${days === 1 ? '' : 's'} pass (ch.5)`);
  // ch.5: each Town keeps its own Smith, Inn history, Attention and Square Watch: the one left
  // behind is kept as it was; the one reached is its own (restored if known, fresh if not).
  const world = readWorld(database);
  const archive = JSON.stringify({ state: { ...state, departed: [] }, attention: database.prepare(`SELECT value FROM setting WHERE key = 'machine:attention'`).get() ?? null, world });
  const departed = [...state.departed.filter((d) => d.town.toLowerCase() !== from.name.toLowerCase() && d !== left), { town: from.name, day: from.day, archive }];
  w.update('town', 1, { name: left?.town ?? args.to.trim() });
  if (left?.archive) {
    // Archives written before format 6 kept the stage beside the Square's state too.
    const saved = readArchive(left.archive);
    const snapshot = saved.attention ? archivedAttention(saved.attention.value) : null;
    const before = (snapshot?.context.stage ?? saved.world.attentionStage ?? 0) as AttentionStage;
    const shift = rollWithTables(database, 'town.travel', ({ dice }) => {
      const d6 = dice.die(6, `${left.town}'s Attention while away`);
      const r = absentAttentionShift(before, d6.natural, readHouseRules(database).absentAttention);
      return { value: r, records: [{ cause: `${left.town}'s Attention while the party was away (ch.5)`, explain: r.explain, result: d6 }] };
    });
    lines.push(`${left.town}: ${shift.explain}`);
    writeTown(w, database, townStateSchema.parse({ ...saved.state, retainers: state.retainers, nextId: Math.max(state.nextId, saved.state.nextId), departed }));
    writeSetting(w, database, 'machine:attention', snapshot ? { ...snapshot, value: `stage${shift.stage}`, context: { ...snapshot.context, stage: shift.stage } } : attentionSnapshotAt(shift.stage));
    writeWorld(w, database, { festival: saved.world.festival, squareEmpty: saved.world.squareEmpty });
  } else {
    writeTown(w, database, townStateSchema.parse({ departed, retainers: state.retainers, nextId: state.nextId }));
    writeSetting(w, database, 'machine:attention', null);
    writeWorld(w, database, { festival: false, squareEmpty: false });
  }
  // The days on the road pass for the calendar and the survival clocks.
  const day0 = today(database);
  w.update('town', 1, { day: day0 + days });
  // No Inn on the road: each day closes unfed and unsheltered (ch.5), through the same rules as in Town.
  for (let d = 0; d < days; d++) {
    for (const l of database.prepare(`SELECT * FROM lichslayer ORDER BY position, id`).all() as LichslayerRow[]) {
      const line = closeDay(w, database, l, { ate: false, sheltered: false, day: day0 + d, stage: 0 });
      if (line.kind === 'change') lines.push(`Road, day ${d + 1}: ${line.text}`);
    }
  }
  return { days, notes: lines };
}

/** A departed Town as this module archives it, validated when the party comes back (a crafted archive refuses by name). */
const townArchiveSchema = z.object({
  state: townStateSchema,
  attention: z.object({ value: z.string() }).nullable(),
  world: z.object({ festival: z.boolean(), squareEmpty: z.boolean(), attentionStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional() }),
});

function readArchive(json: string): z.output<typeof townArchiveSchema> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw damagedSetting('town-state', "a departed Town's archive is not valid JSON");
  }
  const parsed = townArchiveSchema.safeParse(raw);
  if (!parsed.success) throw damagedSetting('town-state', "a departed Town's archive is not what the app keeps");
  return parsed.data;
}
