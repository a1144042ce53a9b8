// What a fight remembers between commands (rulebook ch.8, ch.9, ch.11, ch.13): which fight and round it
// is, who looted in which round (Edge), which item Blocked in which round (once per Round), ongoing
// damage still to tick, and turns lost to a trap before a fight began. One setting, undoable like any.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { z } from 'zod';
import type { FightResult } from '@shared/fight.ts';
import { readSetting, writeSetting } from '../state/settings.ts';
import { combatActor, stored } from './machines.ts';

const when = z.object({ serial: z.number().int().min(0), round: z.number().int().min(0) });
const fightStateSchema = z.object({
  /** Counts the fights of the campaign, so "this round" never matches a round of an earlier fight. */
  serial: z.number().int().min(0),
  /**
   * Counts the party's visits to a floor (each descent, each return in a later dive, and the Lich's
   * manifestation in the Town as a floor of its own), so "once per floor" means once per visit (ch.2).
   */
  visit: z.number().int().min(0).default(0),
  /** Lichslayer id → the fight and round they last looted in (ch.8). */
  looted: z.record(z.string(), when),
  /** Item id → the fight and round it last Blocked in (ch.13). */
  blocks: z.record(z.string(), when),
  /** Lichslayer id → the fight and round Worn Armor last kept their Armor, for a physical and a Colourless instance (ch.2). */
  worn: z.record(z.string(), z.object({ physical: when.optional(), colourless: when.optional() })).default({}),
  /** Ongoing damage (poison, fire): not instances, it strikes Health at each round's start (ch.11). */
  ongoing: z.array(
    z.object({
      tokenId: z.number().int(),
      label: z.string().max(200),
      damage: z.string().max(40),
      roundsLeft: z.number().int().min(1).max(10),
      /** How many rounds it lasts in all, to number the strikes; older saves do not say. */
      rounds: z.number().int().min(1).max(10).optional(),
    }),
  ),
  /** Tokens that lost their next turn while no fight was on: they give it up when one starts (ch.9). */
  loseTurn: z.array(z.number().int()),
  /** Lichslayer id → the turn they last moved on their own (fight, round, turns passed) and the rooms moved in it (ch.8, ch.9). */
  moved: z
    .record(z.string(), when.extend({ turn: z.number().int().min(0), rooms: z.number().int().min(0) }))
    .default({}),
});
export type FightState = z.output<typeof fightStateSchema>;
export type RoundMark = z.output<typeof when>;

const EMPTY: FightState = {
  serial: 0,
  visit: 0,
  looted: {},
  blocks: {},
  worn: {},
  ongoing: [],
  loseTurn: [],
  moved: {},
};

export function readFight(ps: PlayReader): FightState {
  return readSetting(ps, 'fight', fightStateSchema, EMPTY);
}

export function writeFight(ps: PlaySession, next: FightState): void {
  writeSetting(ps, 'fight', next);
}

/** A new floor visit begins: the party stands on a floor it has just entered, or the Lich manifests in the Town (ch.2, ch.16). */
export function beginVisit(ps: PlaySession): void {
  const fight = readFight(ps);
  writeFight(ps, { ...fight, visit: fight.visit + 1 });
}

/** Which fight and which floor visit it is now (null where there is none), for skills' usage limits (ch.2). */
export function skillMoment(
  ps: PlayReader,
  place: { floor: number | null; manifested: boolean },
): { fight: number | null; visit: number | null } {
  const fight = readFight(ps);
  return {
    fight: roundNow(ps) ? fight.serial : null,
    visit: place.floor !== null || place.manifested ? fight.visit : null,
  };
}

/** The fight and round now, or null when no fight is on (rounds exist only in combat, ch.11). */
export function roundNow(ps: PlayReader): RoundMark | null {
  if (!stored(ps, 'machine:combat')) return null;
  const snap = combatActor(ps).getSnapshot();
  if (snap.value === 'idle') return null;
  return { serial: readFight(ps).serial, round: snap.context.round };
}

/** The round an earlier mark falls in, counted in this fight (null: another fight, or never). */
export function roundOf(mark: RoundMark | undefined, now: RoundMark | null): number | null {
  return mark && now && mark.serial === now.serial ? mark.round : null;
}

/**
 * The last fight action's result, kept as a setting: every action is then one undo step, even a roll
 * that changed nothing else — so the Judge's override undoes exactly that action, and no other.
 */
export function recordResult(ps: PlaySession, step: string, result: FightResult): FightResult {
  writeSetting(ps, 'fight:last', { step, lines: result.lines, at: new Date().toISOString() });
  return { ...result, step };
}
