// Town work several commands share (rulebook ch.3-7): paying from a Gauntlet, a Retainer's token
// leaving, the Smith's disposition rolled once, the Idols as the rules read them, the Familiar.
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { DayReport } from '@shared/contract.ts';
import type { TownState } from '@shared/town.ts';
import { readHouseRules } from '../state/settings.ts';
import {
  activeBoons,
  asIdols,
  boonStrength as boonStrengthRule,
  vanityConsequences,
  type Boon,
} from '../rules/idol.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { dispositionFor, rollDisposition } from '../rules/smith.ts';
import { hasFamiliarSkill } from '../rules/familiar.ts';
import { familiarAway } from './familiar-bonds.ts';
import { giverHealthNow } from '../rules/forest.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { CommandFailure } from '../state/failures.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { entryText } from '../tables/table-entries.ts';
import { attentionStage, diveActor } from './machines.ts';
import { readTown, today } from '../state/town.ts';

export function pay(ps: PlaySession, p: LichslayerRow, cost: number, what: string): void {
  if (p.gold < cost)
    throw new CommandFailure('refused', `${what} costs ${cost} gold and ${p.name} holds ${p.gold}. Nothing changed.`);
  ps.update('lichslayer', p.id, { gold: p.gold - cost });
}

/** A departing Retainer's token leaves the board and the stack with them. */
export function removeToken(ps: PlaySession, tokenId: number | null): void {
  if (tokenId !== null && ps.byId('token', tokenId)) ps.delete('token', tokenId);
}

/** ch.4: the Smith's disposition, rolled once at the start of the campaign (or on arrival in a new Town). */
export function ensureSmith(ps: PlaySession, state: TownState, lines?: DayReport['lines']): TownState {
  if (state.smith) return state;
  const d = ps.roll('smith.roll', ({ dice }) => {
    const r = rollDisposition(dice, readHouseRules(ps), "The Smith's disposition");
    return { value: r, records: [{ cause: "The Smith's disposition (ch.4)", explain: r.explain, result: r }] };
  });
  lines?.push({ kind: 'roll', text: `The Smith's disposition: ${d.explain}` });
  return { ...state, smith: { favoured: d.favoured, distrusted: d.distrusted, explain: d.explain, drift: {} } };
}

/**
 * The dead and the gone (ch.6's Memorial exception, ch.16): Lichslayers lost for good on a dive, or
 * no longer on the roster.
 */
export function deadLichslayers(ps: PlayReader): Set<number> {
  const roster = new Set(ps.all('lichslayer').map((r) => r.id));
  const lost = diveActor(ps).getSnapshot().context.lost;
  return new Set([
    ...lost,
    ...readTown(ps)
      .idols.map((i) => i.dedicator)
      .filter((d): d is number => d !== null && !roster.has(d)),
  ]);
}

/** What the Idols standing do today (ch.6): their boons, and the Vanity consequences in force. */
export function idolEffects(ps: PlayReader, state: TownState, day: number) {
  const idols = asIdols(state, deadLichslayers(ps));
  return { idols, boons: activeBoons(idols, day), vanity: vanityConsequences(idols, day) };
}

/** A boon's strength for this Lichslayer (ch.6), as the campaign's house rule halves it. */
export function boonStrength(
  boons: readonly Boon[],
  inscription: Boon['inscription'],
  id: number,
  rules: HouseRules,
): 'full' | 'half' | null {
  return boonStrengthRule(boons, inscription, id, rules.halfBoon);
}

/** The Giver's Health: the house rule's starting value until hunger or a blow changes it (ch.17). */
export function giverHealthOf(state: TownState, rules: HouseRules): number {
  return giverHealthNow(state.forest.giverHealth, rules);
}

/** The Smith works unless the Lich's Attention has driven it off or it refuses this Lichslayer (ch.5). */
export function smithOpen(ps: PlayReader, state: TownState, p: LichslayerRow): NonNullable<TownState['smith']> {
  const effects = attentionEffects(attentionStage(ps));
  if (effects.smithGone)
    throw new CommandFailure(
      'refused',
      'The Smith has fled the Town: nothing is repaired or upgraded until the campaign resolves (ch.5). Nothing changed.',
    );
  if (effects.smithRefusesLost && p.sanity === 'lost')
    throw new CommandFailure(
      'refused',
      `The Smith refuses work from ${p.name}, at Lost Sanity, while Stage ${effects.stage} lasts (ch.5). Nothing changed.`,
    );
  if (!state.smith) throw new CommandFailure('refused', "Roll the Smith's disposition first (ch.4). Nothing changed.");
  return state.smith;
}

/**
 * The disposition this Lichslayer meets today (ch.4, ch.6): Drifts, a Vanity Idol of stage 2
 * against its dedicator, the Elemental Sigil's base prices; Stage 3 disregards it (ch.5).
 */
export function smithFor(ps: PlayReader, state: TownState, id: number): ReturnType<typeof dispositionFor> {
  if (!state.smith) throw new CommandFailure('refused', "Roll the Smith's disposition first (ch.4). Nothing changed.");
  const stage = attentionStage(ps);
  if (attentionEffects(stage).smithRefusesLost)
    return { favoured: [], distrusted: [], notes: [`the disposition is disregarded at Stage ${stage} (ch.5)`] };
  const { boons, vanity } = idolEffects(ps, state, today(ps));
  const rules = readHouseRules(ps);
  return dispositionFor(state.smith, {
    against: vanity.smithAgainst.includes(id),
    basePrice: boonStrength(boons, 'elemental-sigil', id, rules) === 'full',
  });
}

/**
 * ch.2, ch.3: the Witch's Familiar skill summons a Familiar (1d8) at the start of each dive and each
 * Forest visit. It follows the skill in the Gauntlet's slots — never the hidden class, which a
 * roll must not reveal before its time.
 */
export function familiarRolls(ps: PlaySession, ids: readonly number[], where: string, notes: string[]): void {
  for (const id of ids) {
    const l = ps.byId('lichslayer', id) ?? undefined;
    if (!l || !hasFamiliarSkill([l.skill1, l.skill2, l.skill3])) continue;
    // ch.3: a defeated Familiar returns next session.
    const away = familiarAway(ps, { id, name: l.name });
    if (away) {
      notes.push(away);
      continue;
    }
    const text = ps.roll('phase.send', ({ dice, tables }) => {
      const d8 = dice.die(8, `${l.name}'s Familiar`);
      const explain = `${d8.natural} on d8: ${entryText(tables, 'familiars', d8.natural)} (ch.3)`;
      return {
        value: explain,
        records: [
          {
            cause: `${l.name}'s Familiar, ${where} (ch.3)`,
            table: 'familiars',
            character: l.name,
            explain,
            result: d8,
          },
        ],
      };
    });
    notes.push(`${l.name}'s Familiar: ${text}`);
  }
}

/** The Tomb floor a Lichslayer is on, or null in the Town: the Town's places are reached from the Town. */
export function tombFloorOf(ps: PlayReader, id: number): number | null {
  const dive = diveActor(ps).getSnapshot().context;
  return dive.floor !== null && dive.present.includes(id) ? dive.floor : null;
}
