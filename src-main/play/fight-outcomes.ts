// What a hit does once it lands (rulebook ch.1, ch.2, ch.8, ch.10-ch.12, ch.16): the defender as the damage
// rules read it, the hit written, broken items, lost turns, 0 Health for a Lichslayer or an entity felled,
// and the Sanity a hit costs.
import { inertReason, onenessBodyFalls } from './skills/oneness.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import { familiarDefeated } from './familiar-bonds.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import type { FightResult } from '@shared/fight.ts';
import { allTokens, turnStack } from '../state/board.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import { XP_PER_ENEMY } from '../rules/character.ts';
import {
  NO_SYNC,
  resolveHit,
  syncMultipliers,
  zeroHealthOutcome,
  type Defender,
  type HitResult,
  type HitSource,
} from '../rules/damage.ts';
import { hitSanity, sanityTarget } from '../rules/sanity.ts';
import { wornArmorKeeps } from '../rules/skills.ts';
import { lifeRecord } from '../state/life-records.ts';
import { noteClearedOnNine } from './floor-nine.ts';
import { allyAtZero, sanityChallenge } from './round-hooks.ts';
import { breakOutOfSlot } from '../state/inventory.ts';
import { syncHeld } from './gear.ts';
import { readFight, roundNow, roundOf, writeFight } from './fight-state.ts';
import { addXp } from './growth.ts';
import { noteFelledForCapstone } from './skills/skill-facts.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { sendDiveEvent } from './dive-port.ts';
import { combatActor, diveActor, stackSlots } from './machines.ts';
import { row, turnOf } from './fight-reach.ts';

/** The defender as the damage rules read it: a Gauntlet's Health, Armor and synchronicity, or a token's. */
export function defenderOf(
  ps: PlayReader,
  t: TokenView,
  blockedBy: string | null,
  source: HitSource | null = null,
): Defender & { worn?: 'physical' | 'colourless' } {
  if (t.lichslayerId !== null) {
    const l = row(ps, t.lichslayerId)!;
    const worn = source ? wornArmorFor(ps, l, source) : null;
    return {
      name: l.name,
      colour: t.colour,
      health: l.health,
      armor: l.armor,
      sync: syncHeld(ps, l.id),
      blockedBy,
      inert: inertReason(ps, t),
      ...(worn ? { worn, armorKept: `kept by Worn Armor (the first ${worn} instance this Round)` } : {}),
    };
  }
  return {
    name: t.name,
    colour: t.colour,
    health: t.health ?? 0,
    armor: t.armor ?? 0,
    lich: !!t.stats.lich,
    phylactery: t.kind === 'phylactery',
    blockedBy,
  };
}

/** Which first instance of the Round Worn Armor answers for this Lichslayer now (ch.2), or null: only in a fight's round. */
function wornArmorFor(ps: PlayReader, l: LichslayerRow, source: HitSource): 'physical' | 'colourless' | null {
  if (![l.skill1, l.skill2, l.skill3].includes('Worn Armor')) return null;
  const now = roundNow(ps);
  if (!now) return null;
  const marks = readFight(ps).worn[String(l.id)] ?? {};
  const used = {
    physical: roundOf(marks.physical, now) === now.round,
    colourless: roundOf(marks.colourless, now) === now.round,
  };
  return wornArmorKeeps(source, used, lifeRecord(ps, l.id).enhanced.includes('Worn Armor'));
}

/** After a hit: Worn Armor that kept the Armor is spent for this Round (ch.2). */
export function noteWorn(
  ps: PlaySession,
  t: TokenView,
  defender: { worn?: 'physical' | 'colourless' },
  hit: HitResult,
): void {
  const now = roundNow(ps);
  if (!defender.worn || hit.outcome !== 'armor' || t.lichslayerId === null || !now) return;
  const fight = readFight(ps);
  const key = String(t.lichslayerId);
  writeFight(ps, { ...fight, worn: { ...fight.worn, [key]: { ...(fight.worn[key] ?? {}), [defender.worn]: now } } });
}

/** Writes a hit's Health and Armor where they live: the Gauntlet for a Lichslayer, the token otherwise. */
export function writeHit(ps: PlaySession, t: TokenView, hit: HitResult): void {
  if (t.lichslayerId !== null) ps.update('lichslayer', t.lichslayerId, { health: hit.health, armor: hit.armor });
  else ps.update('token', t.id, { health: hit.health, armor: hit.armor });
}

/** ch.11: on a 1 the item breaks and is removed from its slot, into the inventory marked broken. */
export function breakItem(ps: PlaySession, item: { id: number; name: string }, lines: string[]): void {
  const row = ps.byId('item', item.id);
  const out = row ? breakOutOfSlot(ps, row) : null;
  lines.push(
    `${item.name} breaks: ${out ? `${out.explain}; ` : ''}it confers no effect and counts toward no synchronicity until the Smith repairs it (ch.11)`,
  );
}

/** An entrant gives up its next turn (a Block's Response, ch.13, ch.15; a trap's sleep, ch.9); before a fight, when one starts. */
export function loseNextTurn(ps: PlaySession, token: TokenView, why: string, lines: string[]): void {
  const turn = turnOf(ps);
  if (turn && turn.order.includes(token.id)) {
    const combat = combatActor(ps);
    combat.send({ type: 'SYNC', order: stackSlots(ps) });
    combat.send({ type: 'OWE', tokenId: token.id });
    writeSetting(ps, 'machine:combat', combat.getPersistedSnapshot());
  } else {
    const fight = readFight(ps);
    writeFight(ps, { ...fight, loseTurn: [...fight.loseTurn, token.id] });
  }
  lines.push(`${token.name} gives up their next turn: ${why}`);
}

/**
 * An entity brought to 0 Health is felled (ch.1, ch.10, ch.12): 1 XP to the Lichslayer who did it; the
 * floor's Merchant dispatched; the Phylactery destroyed through the dive machine, ending the waves and
 * the Lich's revival; the Lich down until the next round while its Phylactery stands.
 */
export function fellEntity(ps: PlaySession, token: TokenView, byLichslayerId: number | null, lines: string[]): void {
  ps.update('token', token.id, { defeated: 1, health: 0 });
  const by = byLichslayerId !== null ? row(ps, byLichslayerId) : undefined;
  if (by && token.kind === 'entity') {
    lines.push(`${by.name} fells ${token.name}: +${XP_PER_ENEMY} XP (ch.1)`);
    addXp(ps, by.id, XP_PER_ENEMY, lines, 'enemy');
    noteFelledForCapstone(ps, by.id, token.floor, lines);
  } else lines.push(`${token.name} is brought to 0 Health`);
  const dive = diveActor(ps);
  if (token.stats.merchant && token.floor !== null) {
    dive.send({ type: 'MERCHANT_DISPATCHED', floor: token.floor });
    writeSetting(ps, 'machine:dive', dive.getPersistedSnapshot());
    lines.push(
      `The Merchant of Floor ${token.floor} is dispatched: rooms that need it are now impossible there (ch.10)`,
    );
  }
  if (token.kind === 'phylactery') {
    if (dive.getSnapshot().can({ type: 'PHYLACTERY_DESTROYED' }))
      sendDiveEvent(ps, { type: 'PHYLACTERY_DESTROYED' }, lines);
    lines.push("The Phylactery is destroyed: the waves stop and the Lich's Revival is denied (ch.10, ch.12)");
  }
  if (token.stats.lich) {
    lines.push(
      dive.getSnapshot().context.phylacteryDestroyed
        ? 'The Lich is down and its Phylactery is destroyed: it stays dead (ch.12, ch.16)'
        : 'The Lich is down, but its Phylactery stands: it revives at the start of the next round at half Health (ch.12, ch.16)',
    );
  }
  if (token.floor !== null && token.x !== null && token.y !== null)
    noteClearedOnNine(ps, token.floor, token.x, token.y, lines);
  const left = allTokens(ps).filter(
    (t) =>
      t.kind === 'entity' && !t.defeated && t.floor === token.floor && turnStack(ps).some((e) => e.token_id === t.id),
  );
  if (turnOf(ps) && left.length === 0)
    lines.push('No enemy stands on the turn stack: the fight can end (Combat over, ch.11)');
}

/**
 * A Lichslayer at 0 Health (ch.10, ch.11): the others on the floor are shaken (a Sanity Challenge);
 * on Floor 10 or the third time on a floor they are lost for good at once; otherwise they choose to
 * withdraw or press on, and the app waits for that choice.
 */
export function lichslayerAtZero(
  ps: PlaySession,
  lichslayerId: number,
  command: CommandName,
  lines: string[],
  result: FightResult,
): 'lost' | 'choose' | 'no-dive' {
  const l = row(ps, lichslayerId)!;
  const dive = diveActor(ps).getSnapshot();
  if (
    !dive.context.present.includes(lichslayerId) ||
    (dive.context.floor === null && String(dive.value) !== 'manifestation')
  ) {
    lines.push(`${l.name} is at 0 Health (ch.11)`);
    return 'no-dive';
  }
  allyAtZero(ps, lichslayerId, dive.context.present, lines, command);
  const outcome = zeroHealthOutcome(dive.context.floor, (dive.context.zeroes[String(lichslayerId)] ?? 0) + 1);
  if (outcome.kind === 'permanently-lost') {
    lines.push(`${l.name}: ${outcome.explain}`);
    sendDiveEvent(ps, { type: 'AT_ZERO', lichslayer: lichslayerId, choice: 'withdraw' }, lines, undefined, {
      alliesShaken: true,
    });
    return 'lost';
  }
  lines.push(`${l.name}: ${outcome.explain}`);
  result.atZero.push({ lichslayerId, name: l.name, explain: outcome.explain });
  return 'choose';
}

/**
 * The Sanity a hit costs (ch.8, ch.11, ch.12): the attacker's Sanity Touch on a hit, else Lich-type
 * damage's target 12, else a Colourless entity's damage (house rule).
 */
export function sanityAfterHit(
  ps: PlaySession,
  attacker: TokenView,
  target: TokenView,
  hit: HitResult,
  command: CommandName,
  lines: string[],
): void {
  if (target.lichslayerId === null || hit.outcome === 'immune' || hit.outcome === 'blocked') return;
  const due = hitSanity(
    {
      name: attacker.name,
      entity: attacker.kind === 'entity',
      colour: attacker.colour,
      lichType: !!(attacker.stats.lich || attacker.stats.lichType),
      sanityOnHit: attacker.stats.sanityOnHit,
    },
    readHouseRules(ps),
  );
  if (due)
    lines.push(
      sanityChallenge(ps, command, {
        lichslayerId: target.lichslayerId,
        target: due.target,
        cause: due.cause,
        where: 'tombs',
      }).explain,
    );
}

/** What reaching 0 Health sets off for whoever was hit. */
export function afterZero(
  ps: PlaySession,
  target: TokenView,
  byLichslayerId: number | null,
  command: CommandName,
  lines: string[],
  result: FightResult,
): 'lost' | 'choose' | 'no-dive' | 'felled' {
  const outcome = bodyAtZero(ps, target, byLichslayerId, command, lines, result);
  // ch.2, ch.16: a Witch inhabiting the body returns to her own, or dies with the Phylactery.
  for (const witch of onenessBodyFalls(ps, target, lines)) {
    ps.update('lichslayer', witch, { health: 0 });
    lichslayerAtZero(ps, witch, command, lines, result);
  }
  return outcome;
}

function bodyAtZero(
  ps: PlaySession,
  target: TokenView,
  byLichslayerId: number | null,
  command: CommandName,
  lines: string[],
  result: FightResult,
): 'lost' | 'choose' | 'no-dive' | 'felled' {
  if (target.lichslayerId !== null) return lichslayerAtZero(ps, target.lichslayerId, command, lines, result);
  if (target.kind === 'retainer' || target.kind === 'familiar') {
    ps.update('token', target.id, { defeated: 1, health: 0 });
    if (target.kind === 'familiar') familiarDefeated(ps, target.id, true);
    lines.push(`${target.name} falls at 0 Health`);
    return 'felled';
  }
  fellEntity(ps, target, byLichslayerId, lines);
  return 'felled';
}

export const emptyResult = (): FightResult => ({ lines: [], damage: null, challenge: null, atZero: [] });

/**
 * One hit that no attack rolled (a trap, ongoing damage, the Judge's hand) applied through the same
 * rules as any: immunity, Armor, bypass, ongoing, synchronicity received, and what 0 Health sets off.
 */
export function applyHit(
  ps: PlaySession,
  target: TokenView,
  source: HitSource,
  amount: number,
  command: CommandName,
  lines: string[],
  result: FightResult = emptyResult(),
  byLichslayerId: number | null = null,
): HitResult & { zero: ReturnType<typeof afterZero> | null } {
  const defender = defenderOf(ps, target, null, source);
  const rules = readHouseRules(ps);
  const hit = resolveHit(
    defender,
    source,
    amount,
    syncMultipliers(NO_SYNC, { colour: target.colour, sync: defender.sync }, source.colour, {
      from: !!source.unbound,
      rules,
    }),
    rules,
  );
  lines.push(hit.explain);
  writeHit(ps, target, hit);
  noteWorn(ps, target, defender, hit);
  const zero = hit.reachedZero ? afterZero(ps, target, byLichslayerId, command, lines, result) : null;
  return { ...hit, zero };
}

/** ch.11: killing a player costs the killer a Sanity Challenge (target 12); only a Lichslayer counts as a player. */
export function killerSanity(
  ps: PlaySession,
  killer: LichslayerRow,
  target: TokenView,
  command: CommandName,
  lines: string[],
): void {
  if (target.lichslayerId === null || target.lichslayerId === killer.id) return;
  const t = sanityTarget('pvp-kill', readHouseRules(ps));
  lines.push(
    sanityChallenge(ps, command, {
      lichslayerId: killer.id,
      target: t.target,
      cause: `${killer.name} killed ${target.name}, a player (${t.source})`,
      where: 'tombs',
    }).explain,
  );
}
