// One day's world, loaded once for "Next day", what the day's steps gather to write at its end, and
// the Sanity Challenge the steps share (ch.8).
import type { RollRecord } from '../../state/session.ts';
import type { DayReport } from '@shared/contract.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { TableDef } from '@shared/tables.ts';
import type { TownState } from '@shared/town.ts';
import type { WorldState } from '@shared/board.ts';
import type { Dice, Modifier } from '../../rules/dice.ts';
import { type AttentionStage } from '../../rules/lich-attention.ts';
import { characterRollModifiers, situationOf } from '../../rules/roll-modifiers.ts';
import { rollSanityChallenge } from '../../rules/sanity-challenge.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import { idolEffects } from '../town.ts';

/** Everything one day's rules read, loaded once. */
export interface DayWorld {
  day: number;
  rules: HouseRules;
  stage: AttentionStage;
  world: WorldState;
  dive: { floor: number | null; lost: number[]; turned: number[]; present: number[] };
  town: TownState;
  roster: Map<number, LichslayerRow>;
  tables: ReadonlyMap<string, TableDef>;
  /** The Idols as the rules read them, their boons and the Vanity in force (ch.6); refreshed when Idols fall. */
  effects: ReturnType<typeof idolEffects>;
  /** Class skills that add to a character's rolls as the day finds them (ch.2: Rumble Hat enhanced). */
  skills: (row: LichslayerRow) => Modifier[];
}

/** What the day changes, gathered by the steps and written at the end. */
export interface DayOut {
  lines: DayReport['lines'];
  records: RollRecord[];
  /** Retainer tokens that leave the board with their Retainer. */
  tokensGone: (number | null)[];
  attentionEvents: ({ type: 'VANITY'; stage: 1 | 2 | 3 | 4 } | { type: 'RESOLVED'; deed: 'vanity-idols-destroyed' })[];
}

export const line = (out: DayOut, kind: DayReport['lines'][number]['kind'], text: string) =>
  out.lines.push({ kind, text });

/** A Sanity Challenge for a Lichslayer of the loaded world, written into it (ch.8). */
export function challenge(
  dice: Dice,
  w: DayWorld,
  out: DayOut,
  id: number,
  target: number,
  cause: string,
  where: 'town' | 'forest',
): void {
  const l = w.roster.get(id);
  if (!l) return;
  const modifiers = characterRollModifiers(
    { sanity: l.sanity, daysWithoutMeal: l.days_without_meal, daysWithoutShelter: l.days_without_shelter },
    { ...situationOf(w.effects, w.town, w.day, id, { where, sanityChallenge: true }, w.rules), skills: w.skills(l) },
  );
  const r = rollSanityChallenge(
    dice,
    { name: l.name, level: l.level, target, cause, where, attentionStage: w.stage, modifiers },
    w.rules,
  );
  out.records.push({ cause, character: l.name, explain: r.result.explain, result: r.result });
  w.roster.set(id, { ...l, sanity: r.sanity });
  line(out, 'change', r.explain);
}

export const partyInTown = (w: DayWorld) =>
  [...w.roster.keys()].filter((id) => !w.dive.lost.includes(id) && !w.dive.turned.includes(id));
