// The Forest's day as the app rolls it (rulebook ch.5, ch.17): each party member's d6 at entry
// (and each morning they are still there), the day's Phenomena once, and at Stage 4 the hostile
// encounter of each visit. The rules are in rules/forest.ts; this reads the campaign's tables.
import type { HouseRules } from '@shared/house-rules.ts';
import type { TableDef } from '@shared/tables.ts';
import type { TownState } from '@shared/town.ts';
import type { RollRecord } from '../../state/session.ts';
import { weekOf } from '../../rules/calendar.ts';
import type { Dice } from '../../rules/dice.ts';
import { hostileVisit, rollForestDay, rollPhenomena, type BeingKind } from '../../rules/forest.ts';
import type { AttentionStage } from '../../rules/lich-attention.ts';
import { rollOnTable, type DrawState } from '../../tables/table-roll.ts';
import { entryAt, entryText } from '../../tables/table-entries.ts';
import { giverHealthOf } from '../town.ts';

interface ForestRollInput {
  day: number;
  /** Players in the party, for the Beings' Health (ch.17). */
  players: number;
  stage: AttentionStage;
  town: TownState;
  tables: ReadonlyMap<string, TableDef>;
  rules: HouseRules;
}

interface ForestRollOut {
  town: TownState;
  records: RollRecord[];
  lines: string[];
}

const BEING_KINDS: readonly BeingKind[] = ['celestial', 'daedric', 'none'];

/** The Being a Phenomena row names (its "being" column: celestial, daedric or none). */
function beingAt(tables: ReadonlyMap<string, TableDef>, face: number): { kind: BeingKind; label: string } {
  const row = entryAt(tables, 'phenomena', face);
  const kind = (row?.fields.being ?? 'none').trim().toLowerCase() as BeingKind;
  return { kind: BEING_KINDS.includes(kind) ? kind : 'none', label: entryText(tables, 'phenomena', face) };
}

/** Rolls the Forest's d6 for each of these Lichslayers who has none for the day, and the Phenomena if the day has none (ch.5, ch.17). */
function rollDay(dice: Dice, input: ForestRollInput, who: readonly { id: number; name: string }[]): ForestRollOut {
  let town = input.town;
  const records: RollRecord[] = [];
  const lines: string[] = [];
  const f = town.forest;
  const giverDead = giverHealthOf(town, input.rules) <= 0;
  if (who.length && f.phenomena?.day !== input.day) {
    const p = rollPhenomena(dice, {
      day: input.day,
      stage: input.stage,
      giverDead,
      players: input.players,
      beingAt: (face) => beingAt(input.tables, face),
    });
    records.push({
      cause: `The Phenomena, day ${input.day} (ch.17)`,
      table: 'phenomena',
      explain: p.explain,
      result: p,
    });
    lines.push(`Phenomena, day ${input.day}: ${p.explain}`);
    town = {
      ...town,
      forest: {
        ...town.forest,
        phenomena: { day: input.day, face: p.face, text: p.explain, beingAppears: p.beingAppears },
      },
    };
  }
  for (const m of who) {
    if (town.forest.conditions[String(m.id)]?.day === input.day) continue;
    const r = rollForestDay(dice, {
      who: m.name,
      day: input.day,
      giverFedThisWeek: f.fedWeeks.includes(weekOf(input.day, input.rules)),
      daedricTribute: f.tribute,
      griefing: f.griefing,
      giverDead,
    });
    const text = `${r.explain}: ${entryText(input.tables, 'forest-conditions', r.value)}`;
    records.push({
      cause: `The Forest for ${m.name}, day ${input.day} (ch.5)`,
      table: 'forest-conditions',
      character: m.name,
      explain: text,
      result: r,
    });
    lines.push(`Forest (${m.name}), day ${input.day}: ${text}`);
    town = {
      ...town,
      forest: {
        ...town.forest,
        conditions: { ...town.forest.conditions, [String(m.id)]: { day: input.day, value: r.value, text } },
      },
    };
  }
  return { town, records, lines };
}

/**
 * Entering the Forest (ch.5): the d6 is rolled at entry, for the day; the Phenomena once a day
 * (ch.17); at Stage 4 each visit brings an encounter from the Floor 7-9 Entities (ch.5), halved by
 * the Forest Sigil (ch.6).
 */
export function forestEntry(
  dice: Dice,
  input: ForestRollInput & {
    entrants: readonly { id: number; name: string }[];
    forestSigil: boolean;
    drawn: DrawState;
  },
): ForestRollOut {
  const out = rollDay(dice, input, input.entrants);
  const hostile = hostileVisit(dice, { stage: input.stage, forestSigil: input.forestSigil });
  if (hostile.sigil)
    out.records.push({
      cause: 'The Forest Sigil halves the hostile encounters (ch.6)',
      explain: hostile.explain,
      result: hostile.sigil,
    });
  if (hostile.encounter) {
    const node = rollOnTable(
      { dice, tables: input.tables, drawn: input.drawn, cause: 'The hostile Forest: an encounter (ch.5)' },
      'entities-lower',
    );
    out.records.push({
      cause: 'The hostile Forest: an encounter from the Floor 7-9 Entities (ch.5)',
      table: 'entities-lower',
      explain: node.explain,
      result: node,
    });
    out.lines.push(`${hostile.explain}: ${node.label}${node.details ? ` — ${node.details}` : ''}`);
  } else if (hostile.explain) out.lines.push(hostile.explain);
  return out;
}

/** The morning (ch.5): those still in the Forest roll for the new day, and the day's Phenomena is rolled. */
export function forestMorning(
  dice: Dice,
  input: ForestRollInput & { roster: ReadonlyMap<number, { name: string }> },
): ForestRollOut {
  const present = input.town.forest.present
    .filter((id) => input.roster.has(id))
    .map((id) => ({ id, name: input.roster.get(id)!.name }));
  return rollDay(dice, input, present);
}
