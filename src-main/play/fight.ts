// A fight as the app applies it (rulebook ch.1, ch.4, ch.7, ch.8, ch.11-ch.14, ch.16): an attack rolled
// and resolved against its target, a hit written to the Gauntlet or the token, what 0 Health sets off
// (the withdraw / press-on choice, permanent loss, allies shaken, an entity felled for XP, the
// Phylactery destroyed through the dive machine), integrity checks, Blocks, ongoing damage, lost turns.
// Plain functions over one transaction's writer; every roll goes through the ledger.
import type { PlayReader, PlaySession, RollRecord } from '../state/session.ts';
import { familiarDefeated } from './familiar-bonds.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import type { FightOptionsView, FightResult, attackArgsSchema, damageArgsSchema } from '@shared/fight.ts';
import type { ItemSlot } from '@shared/gauntlet.ts';
import type { z } from 'zod';
import { allTokens, turnStack } from '../state/board.ts';
import { readHouseRules, writeSetting } from '../state/settings.ts';
import {
  attackAccess,
  defaultTarget,
  parseDamage,
  reachRefusal,
  retainerDamage,
  rollAttack,
  weaponOptions,
  type DamageSpec,
  type Position,
  type WeaponOption,
} from '../rules/attack.ts';
import { isNear } from '../rules/board-moves.ts';
import { powerAttackDice, XP_PER_ENEMY } from '../rules/character.ts';
import {
  integrityCheck,
  integrityTarget,
  NO_SYNC,
  resolveHit,
  syncMultipliers,
  zeroHealthOutcome,
  type Defender,
  type HitResult,
  type HitSource,
} from '../rules/damage.ts';
import { sanityTarget } from '../rules/sanity.ts';
import type { DieRoll } from '../rules/dice.ts';
import { crushRefusal, rollBandage, wornArmorKeeps, type Bandaged } from '../rules/skills.ts';
import { lifeRecord } from '../state/life-records.ts';
import { rollTrapDamage } from '../rules/trap.ts';
import { trapFieldsSchema } from '@shared/tables.ts';
import { noteClearedOnNine } from './floor-nine.ts';
import { allyAtZero, sanityChallenge } from './round-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { breakOutOfSlot } from '../state/inventory.ts';
import { blockItems, equippedItems, rollModifiersFor, syncHeld, type HeldItem } from './gear.ts';
import { readFight, roundNow, roundOf, writeFight } from './fight-state.ts';
import { addXp } from './growth.ts';
import { noteFelledForCapstone } from './skills/skill-facts.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { sendDiveEvent } from './dive-port.ts';
import { combatActor, diveActor, PARTY_KINDS, stackSlots, stored } from './machines.ts';

export type AttackArgs = z.output<typeof attackArgsSchema>;
export type DamageArgs = z.output<typeof damageArgsSchema>;

const row = (ps: PlayReader, id: number): LichslayerRow | undefined => ps.byId('lichslayer', id) ?? undefined;

function tokenOf(ps: PlayReader, id: number): TokenView {
  const t = allTokens(ps).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board.`);
  return t;
}

/** The fight in the Town (ch.16): its entrants fight in one place, off the board. */
function townFighters(ps: PlayReader): Set<number> {
  if (String(diveActor(ps).getSnapshot().value) !== 'manifestation' || !stored(ps, 'machine:combat')) return new Set();
  return new Set(
    combatActor(ps)
      .getSnapshot()
      .context.order.map((s) => s.tokenId),
  );
}

const positionOf = (t: TokenView, town: Set<number>): Position => ({
  name: t.name,
  kind: t.kind,
  floor: t.floor,
  x: t.x,
  y: t.y,
  inTownFight: town.has(t.id),
});

/** A fight is on, and whose turn it is (ch.11). */
function turnOf(ps: PlayReader): { order: number[]; current: number | null } | null {
  if (!stored(ps, 'machine:combat')) return null;
  const snap = combatActor(ps).getSnapshot();
  if (snap.value === 'idle') return null;
  return { order: snap.context.order.map((s) => s.tokenId), current: snap.context.current };
}

interface AttackerKit {
  token: TokenView;
  lichslayer: LichslayerRow | null;
  weapons: WeaponOption[];
  statDamage: DamageSpec | null;
  /** Why the entrant cannot attack at all. */
  refused: string | null;
  /** Why not now: a fight is on and it is another's turn. */
  notYourTurn: string | null;
}

/** Who attacks and with what (ch.7, ch.11, ch.12, ch.13): a Gauntlet's weapons, or a stat block's dice. */
function attackerKit(ps: PlayReader, tokenId: number): AttackerKit {
  const token = tokenOf(ps, tokenId);
  const rules = readHouseRules(ps);
  const l = token.lichslayerId !== null ? (row(ps, token.lichslayerId) ?? null) : null;
  let weapons: WeaponOption[] = [];
  let statDamage: DamageSpec | null = null;
  let refused: string | null = null;
  if (token.defeated) refused = `${token.name} is felled`;
  else if (token.kind === 'phylactery') refused = 'The Phylactery has no attack (ch.12)';
  else if (token.kind === 'familiar') refused = 'A Familiar gives intelligence; it does not attack (ch.3)';
  else if (l) {
    weapons = weaponOptions(equippedItems(ps, l.id));
    if (l.health === 0) refused = `${l.name} is at 0 Health: withdraw or press on first (ch.11)`;
    else refused = attackAccess(l.name, weapons);
  } else if (token.kind === 'retainer') {
    statDamage = retainerDamage(token.stats.attack ?? '+0', rules);
    if (!statDamage) refused = `${token.name} has no attack dice (house rule: a Retainer's own dice are 0)`;
  } else {
    statDamage = parseDamage(token.stats.attack ?? '');
    if (!statDamage)
      refused = `${token.name}'s stat block lists no attack dice (“${token.stats.attack ?? ''}”): edit it in its entity table`;
  }
  const turn = turnOf(ps);
  const notYourTurn =
    turn && turn.order.includes(token.id) && turn.current !== token.id
      ? `${token.name} attacks on their own turn (ch.11); it is ${turn.current !== null ? (allTokens(ps).find((t) => t.id === turn.current)?.name ?? 'another') + "'s" : "nobody's"} turn now`
      : null;
  return { token, lichslayer: l, weapons, statDamage, refused, notYourTurn };
}

/** A target's Health and gold as the default-target rule reads them. */
function vitalsOf(ps: PlayReader, t: TokenView): { health: number; gold: number } {
  if (t.lichslayerId !== null) {
    const l = row(ps, t.lichslayerId);
    return { health: l?.health ?? 0, gold: l?.gold ?? 0 };
  }
  return { health: t.health ?? 0, gold: 0 };
}

/** Who may Block a hit on this target: the target or a character adjacent to it, with an intact Block item unused this round (ch.13). */
function blockersFor(
  ps: PlayReader,
  target: TokenView,
): { lichslayerId: number; tokenId: number; name: string; slot: ItemSlot; item: string; itemId: number }[] {
  if (target.floor === null || target.x === null || target.y === null) return [];
  const rules = readHouseRules(ps);
  const fight = readFight(ps);
  const now = roundNow(ps);
  const at = { floor: target.floor, x: target.x, y: target.y };
  return allTokens(ps).flatMap((t) => {
    if (
      t.kind !== 'lichslayer' ||
      t.lichslayerId === null ||
      t.defeated ||
      t.floor === null ||
      t.x === null ||
      t.y === null
    )
      return [];
    if (t.id !== target.id && !isNear({ floor: t.floor, x: t.x, y: t.y }, at, rules)) return [];
    return blockItems(equippedItems(ps, t.lichslayerId))
      .filter((i) => now === null || roundOf(fight.blocks[String(i.id)], now) !== now.round)
      .map((i) => ({
        lichslayerId: t.lichslayerId!,
        tokenId: t.id,
        name: t.name,
        slot: i.slot,
        item: i.name,
        itemId: i.id,
      }));
  });
}

/** What an entrant may attack now, with what, and whom the rules propose (the attack dialog's view). */
export function fightOptions(ps: PlayReader, attackerId: number): FightOptionsView {
  const kit = attackerKit(ps, attackerId);
  const town = townFighters(ps);
  const me = positionOf(kit.token, town);
  const stack = new Map(turnStack(ps).map((e, i) => [e.token_id, i]));
  const candidates = allTokens(ps).filter(
    (t) =>
      t.id !== kit.token.id &&
      !t.defeated &&
      (t.floor === kit.token.floor || (town.has(t.id) && town.has(kit.token.id))),
  );
  const targets = candidates.map((t) => {
    const why = reachRefusal(me, positionOf(t, town));
    return {
      tokenId: t.id,
      name: t.name,
      kind: t.kind,
      hidden: t.hidden,
      inReach: why === null,
      why,
      blockers: blockersFor(ps, t).map(({ lichslayerId, name, slot, item }) => ({ lichslayerId, name, slot, item })),
    };
  });
  let defaultId: number | null = null;
  let defaultExplain: string | null = null;
  if (kit.token.kind === 'entity') {
    const party = candidates
      .filter((t) => PARTY_KINDS.has(t.kind) && reachRefusal(me, positionOf(t, town)) === null)
      .map((t) => ({ id: t.id, name: t.name, ...vitalsOf(ps, t), stackIndex: stack.get(t.id) ?? 999 }));
    const pick = defaultTarget(party, readHouseRules(ps), !!kit.token.stats.lich && town.has(kit.token.id));
    defaultId = pick.target?.id ?? null;
    defaultExplain = pick.explain;
  }
  const integrity = kit.lichslayer
    ? equippedItems(ps, kit.lichslayer.id)
        .filter((i) => !i.broken && !i.unbreakable)
        .map((i) => ({ slot: i.slot, name: i.name }))
    : [];
  return {
    attacker: {
      tokenId: kit.token.id,
      name: kit.token.name,
      kind: kit.token.kind,
      lichslayerId: kit.token.lichslayerId,
    },
    refused: kit.refused,
    notYourTurn: kit.notYourTurn,
    weapons: kit.weapons.map((w) => ({
      slot: w.slot,
      name: w.name,
      damage: w.damage?.text ?? null,
      allowed: w.allowed,
      why: w.why,
    })),
    statDamage: kit.statDamage?.text ?? null,
    targets,
    defaultTarget: defaultId,
    defaultExplain,
    integrity,
  };
}

/** The defender as the damage rules read it: a Gauntlet's Health, Armor and synchronicity, or a token's. */
function defenderOf(
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
function noteWorn(ps: PlaySession, t: TokenView, defender: { worn?: 'physical' | 'colourless' }, hit: HitResult): void {
  const now = roundNow(ps);
  if (!defender.worn || hit.outcome !== 'armor' || t.lichslayerId === null || !now) return;
  const fight = readFight(ps);
  const key = String(t.lichslayerId);
  writeFight(ps, { ...fight, worn: { ...fight.worn, [key]: { ...(fight.worn[key] ?? {}), [defender.worn]: now } } });
}

/** Writes a hit's Health and Armor where they live: the Gauntlet for a Lichslayer, the token otherwise. */
function writeHit(ps: PlaySession, t: TokenView, hit: HitResult): void {
  if (t.lichslayerId !== null) ps.update('lichslayer', t.lichslayerId, { health: hit.health, armor: hit.armor });
  else ps.update('token', t.id, { health: hit.health, armor: hit.armor });
}

/** ch.11: on a 1 the item breaks and is removed from its slot, into the inventory marked broken. */
function breakItem(ps: PlaySession, item: { id: number; name: string }, lines: string[]): void {
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

/** The Sanity a hit costs (ch.8, ch.12): the attacker's Sanity Touch on a hit, else Lich-type damage's target 12. */
function sanityAfterHit(
  ps: PlaySession,
  attacker: TokenView,
  target: TokenView,
  hit: HitResult,
  command: CommandName,
  lines: string[],
): void {
  if (target.lichslayerId === null || hit.outcome === 'immune' || hit.outcome === 'blocked') return;
  const rules = readHouseRules(ps);
  if (attacker.stats.sanityOnHit) {
    lines.push(
      sanityChallenge(ps, command, {
        lichslayerId: target.lichslayerId,
        target: attacker.stats.sanityOnHit,
        cause: `${attacker.name}'s touch: Sanity Challenge on a hit (ch.12)`,
        where: 'tombs',
      }).explain,
    );
  } else if (attacker.stats.lich || attacker.stats.lichType) {
    const t = sanityTarget('lich-damage', rules);
    lines.push(
      sanityChallenge(ps, command, {
        lichslayerId: target.lichslayerId,
        target: t.target,
        cause: `Damage from ${attacker.name}, a Lich-type source (${t.source})`,
        where: 'tombs',
      }).explain,
    );
  }
}

/** What reaching 0 Health sets off for whoever was hit. */
function afterZero(
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

const emptyResult = (): FightResult => ({ lines: [], damage: null, challenge: null, atZero: [] });

/**
 * An attack (ch.1, ch.4, ch.11-ch.14, ch.16): checks the attack action, the turn and the reach; rolls
 * the damage dice (or takes the Judge's number); resolves the hit against a Block, immunity, Armor and
 * synchronicity; then the integrity checks, 0 Health, the Sanity a Lich-type hit costs, and a
 * player-killing's Sanity for the killer.
 */
export function resolveAttack(
  ps: PlaySession,
  a: AttackArgs,
  command: CommandName,
  out: { dice?: DieRoll[] } = {},
): FightResult {
  const kit = attackerKit(ps, a.attacker);
  if (kit.refused) throw new CommandFailure('refused', `${kit.refused}. Nothing changed.`);
  if (kit.notYourTurn && !a.outOfTurn) throw new CommandFailure('refused', `${kit.notYourTurn}. Nothing changed.`);
  const target = tokenOf(ps, a.target);
  if (target.id === kit.token.id)
    throw new CommandFailure('refused', `${kit.token.name} cannot attack themselves. Nothing changed.`);
  if (target.defeated) throw new CommandFailure('refused', `${target.name} is already felled. Nothing changed.`);
  const town = townFighters(ps);
  const reach = reachRefusal(positionOf(kit.token, town), positionOf(target, town));
  if (reach) throw new CommandFailure('refused', `${reach}. Nothing changed.`);
  const rules = readHouseRules(ps);
  const l = kit.lichslayer;

  let weapon: WeaponOption | null = null;
  if (l) {
    weapon = a.slot
      ? (kit.weapons.find((o) => o.slot === a.slot) ?? null)
      : (kit.weapons.find((o) => o.allowed) ?? null);
    if (!weapon)
      throw new CommandFailure(
        'refused',
        `${l.name} has nothing in ${a.slot ?? 'any band'} that allows the attack action (ch.11). Nothing changed.`,
      );
    if (!weapon.allowed) throw new CommandFailure('refused', `${weapon.why}. Nothing changed.`);
  }
  const base = weapon?.damage ?? kit.statDamage!;
  const items = l ? equippedItems(ps, l.id) : [];
  if (a.integritySlot && !items.some((i) => i.slot === a.integritySlot))
    throw new CommandFailure(
      'refused',
      `${l?.name ?? kit.token.name} has nothing in ${a.integritySlot} for an integrity check. Nothing changed.`,
    );
  const block = a.block
    ? blockersFor(ps, target).find((b) => b.lichslayerId === a.block!.lichslayerId && b.slot === a.block!.slot)
    : undefined;
  if (a.block && !block)
    throw new CommandFailure(
      'refused',
      `That Block is not possible: the holder must be ${target.name} or adjacent to them, with an intact Block item not yet used this Round (ch.13). Nothing changed.`,
    );

  const sourceColour = weapon ? weapon.colour : kit.token.kind === 'entity' ? kit.token.colour : null;
  const source: HitSource = {
    colour: sourceColour,
    physical: true,
    bypassArmor: !!kit.token.stats.bypassArmor,
    halve: a.halve,
    fromEntity: kit.token.kind === 'entity',
    lichType: !!(kit.token.stats.lich || kit.token.stats.lichType),
    label: weapon ? `${kit.token.name}'s ${weapon.name}` : `${kit.token.name}'s attack`,
  };
  const attackerSync = l ? syncHeld(ps, l.id) : NO_SYNC;
  const defender = defenderOf(ps, target, block ? `${block.name}'s ${block.item}` : null, source);
  const multipliers = syncMultipliers(attackerSync, { colour: target.colour, sync: defender.sync }, sourceColour);
  const modifiers = l ? rollModifiersFor(ps, l).all : [];
  const cause = `Attack: ${kit.token.name} → ${target.name}${weapon ? ` with ${weapon.name}` : ''}`;
  const character = l?.name ?? (target.lichslayerId !== null ? target.name : null);
  const blockItem = block ? equippedItems(ps, block.lichslayerId).find((i) => i.id === block.itemId)! : null;

  const planned = ps.roll(command, ({ dice }) => {
    const records: RollRecord[] = [];
    let amount: number;
    let integrityDue = false;
    let missed = false;
    let rolled: string | null = null;
    if (a.damage !== undefined) {
      amount = a.damage;
      records.push({
        cause,
        character,
        explain: `${kit.token.name}: ${amount} damage, the Judge's call (set by hand instead of the roll)`,
        result: { judge: amount },
      });
    } else {
      const roll = rollAttack(
        dice,
        {
          attacker: kit.token.name,
          cause,
          base,
          powerDice: l ? powerAttackDice(l.power) : 0,
          bonusDice: a.bonusDice,
          modifiers,
        },
        rules,
      );
      amount = roll.total;
      integrityDue = roll.integrityDue;
      missed = roll.miss;
      out.dice = roll.dice;
      rolled = roll.explain;
      // A Lichslayer's roll is made at the table; an enemy's numbers are the Judge's.
      records.push({ cause, character, explain: roll.explain, result: roll, public: l !== null });
    }
    // ch.11: a missed attack lands no instance at all: no Armor spent, nothing to Block.
    const hit = missed ? null : resolveHit(defender, source, amount, multipliers, rules);
    if (hit) records.push({ cause: `${cause}: the hit`, character, explain: hit.explain, result: hit });
    let blockCheck: ReturnType<typeof integrityCheck> | null = null;
    if (hit?.outcome === 'blocked' && blockItem) {
      blockCheck = integrityCheck(dice, blockItem, `${cause}: ${blockItem.name} blocked`);
      records.push({
        cause: `${cause}: integrity after the Block`,
        character: block!.name,
        explain: `${blockCheck.explain} — after its Block (ch.13)`,
        result: blockCheck,
      });
    }
    let own: { item: HeldItem; check: ReturnType<typeof integrityCheck>; pick: string } | null = null;
    if (integrityDue && l) {
      const pick = a.integritySlot
        ? { slot: a.integritySlot, explain: "the Judge's pick" }
        : integrityTarget(dice, items, weapon?.slot ?? null, rules, `${cause}: which item`);
      const item = items.find((i) => i.slot === pick.slot);
      if (item) {
        const check = integrityCheck(dice, item, `${cause}: integrity of ${item.name}`);
        own = { item, check, pick: pick.explain };
        records.push({
          cause: `${cause}: integrity check on a natural 1`,
          character: l.name,
          explain: `A natural 1: ${check.explain}, on ${pick.explain} (ch.11)`,
          result: check,
        });
      } else
        records.push({
          cause: `${cause}: integrity check on a natural 1`,
          character: l.name,
          explain: `A natural 1, but ${pick.explain}`,
          result: pick,
        });
    }
    return { value: { amount, hit, blockCheck, own, rolled }, records };
  });

  const result = emptyResult();
  const lines = result.lines;
  result.damage = planned.amount;
  const hit = planned.hit;
  lines.push(
    `${cause}: ${hit ? `${planned.amount} damage${a.damage !== undefined ? " (the Judge's call)" : ''}` : 'all natural 1s, it misses (ch.11, house rule)'}`,
    // The dice as the ledger and the players' screen show them.
    ...(planned.rolled ? [planned.rolled] : []),
    ...(hit ? [hit.explain] : []),
  );
  if (hit) writeHit(ps, target, hit);
  if (hit) noteWorn(ps, target, defender, hit);
  if (block && blockItem && hit?.outcome === 'blocked') {
    const fight = readFight(ps);
    const now = roundNow(ps);
    if (now) writeFight(ps, { ...fight, blocks: { ...fight.blocks, [String(blockItem.id)]: now } });
    if (planned.blockCheck?.breaks) breakItem(ps, blockItem, lines);
    else if (planned.blockCheck) lines.push(planned.blockCheck.explain);
    // ch.13: Block is a Response; a Response costs the next turn's action (ch.15).
    const holder = allTokens(ps).find((t) => t.id === block.tokenId);
    if (holder) loseNextTurn(ps, holder, `${block.item}'s Block was a Response (ch.13, ch.15)`, lines);
  }
  if (planned.own) {
    lines.push(`A natural 1: ${planned.own.check.explain}`);
    if (planned.own.check.breaks) breakItem(ps, planned.own.item, lines);
  }
  if (hit?.reachedZero) {
    const outcome = afterZero(ps, target, l?.id ?? null, command, lines, result);
    // ch.11: killing a player costs the killer a Sanity Challenge.
    if (outcome === 'lost' && l && target.lichslayerId !== null) {
      const t = sanityTarget('pvp-kill', rules);
      lines.push(
        sanityChallenge(ps, command, {
          lichslayerId: l.id,
          target: t.target,
          cause: `${l.name} killed ${target.name}, a player (${t.source})`,
          where: 'tombs',
        }).explain,
      );
    }
  }
  if (hit) sanityAfterHit(ps, kit.token, target, hit, command, lines);
  return result;
}

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
): HitResult {
  const defender = defenderOf(ps, target, null, source);
  const hit = resolveHit(
    defender,
    source,
    amount,
    syncMultipliers(NO_SYNC, { colour: target.colour, sync: defender.sync }, source.colour),
    readHouseRules(ps),
  );
  lines.push(hit.explain);
  writeHit(ps, target, hit);
  noteWorn(ps, target, defender, hit);
  if (hit.reachedZero) afterZero(ps, target, byLichslayerId, command, lines, result);
  return hit;
}

/**
 * One instance of damage applied by the Judge's hand (a spell, a hazard, an effect the app does not
 * roll), through the same rules as any hit, and a Lich-type source's Sanity Challenge.
 */
export function applyJudgedDamage(ps: PlaySession, a: DamageArgs, command: CommandName): FightResult {
  const target = tokenOf(ps, a.target);
  if (target.defeated) throw new CommandFailure('refused', `${target.name} is already felled. Nothing changed.`);
  if (target.lichslayerId !== null && (row(ps, target.lichslayerId)?.health ?? 0) === 0 && a.amount > 0)
    throw new CommandFailure(
      'refused',
      `${target.name} is at 0 Health already: withdraw or press on first (ch.11). Nothing changed.`,
    );
  const cause = `Damage: ${a.label} → ${target.name}`;
  // ch.1: a kill by the Judge's hand gives its XP to the Lichslayer named as its author.
  const author = a.felledBy !== null ? tokenOf(ps, a.felledBy) : null;
  if (author && author.id === target.id)
    throw new CommandFailure('refused', `${target.name} cannot fell themselves. Nothing changed.`);
  const result = emptyResult();
  result.damage = a.amount;
  result.lines.push(`${a.label}: ${a.amount} to ${target.name}, the Judge's hand`);
  const hit = applyHit(
    ps,
    target,
    {
      colour: a.colour,
      physical: a.physical,
      ongoing: a.ongoing,
      bypassArmor: a.bypassArmor,
      crush: a.crush,
      lichType: a.lichType,
      label: a.label,
    },
    a.amount,
    command,
    result.lines,
    result,
    author?.lichslayerId ?? null,
  );
  ps.roll(command, () => ({
    value: null,
    records: [
      {
        cause,
        character: target.lichslayerId !== null ? target.name : null,
        explain: `${a.amount} from ${a.label}, applied by the Judge: ${hit.explain}`,
        result: hit,
      },
    ],
  }));
  if (a.lichType && target.lichslayerId !== null && hit.outcome !== 'immune') {
    const t = sanityTarget('lich-damage', readHouseRules(ps));
    result.lines.push(
      sanityChallenge(ps, command, {
        lichslayerId: target.lichslayerId,
        target: t.target,
        cause: `Damage from ${a.label}, a Lich-type source (${t.source})`,
        where: 'tombs',
      }).explain,
    );
  }
  return result;
}

/** A trap's or effect's ongoing damage: the first strike now, the rest at each round's start (ch.11); with no fight on, one after another at once. */
export function startOngoing(
  ps: PlaySession,
  token: TokenView,
  label: string,
  damage: string,
  rounds: number,
  command: CommandName,
  lines: string[],
): void {
  if (rounds > 1 && roundNow(ps)) {
    const fight = readFight(ps);
    writeFight(ps, {
      ...fight,
      ongoing: [...fight.ongoing, { tokenId: token.id, label, damage, roundsLeft: rounds - 1 }],
    });
    lines.push(`${label} goes on for ${rounds - 1} more round${rounds - 1 === 1 ? '' : 's'} (ch.11)`);
    return;
  }
  for (let r = 2; r <= rounds; r++)
    ongoingTick(ps, token.id, `${label} (round ${r} of ${rounds}, no fight on)`, damage, command, lines);
}

/** One strike of ongoing damage: not an instance, straight to Health (ch.11). */
function ongoingTick(
  ps: PlaySession,
  tokenId: number,
  label: string,
  damage: string,
  command: CommandName,
  lines: string[],
): void {
  const target = allTokens(ps).find((t) => t.id === tokenId);
  if (!target || target.defeated) return;
  const effect = trapFieldsSchema.parse({ damage, ongoing: true });
  const rolled = ps.roll(command, ({ dice }) => {
    const d = rollTrapDamage(dice, effect, label);
    return {
      value: d,
      records: d
        ? [
            {
              cause: label,
              character: target.lichslayerId !== null ? target.name : null,
              explain: d.explain,
              result: d,
            },
          ]
        : [],
    };
  });
  if (!rolled) return;
  lines.push(`${label}: ${rolled.explain}`);
  applyHit(ps, target, { colour: null, physical: false, ongoing: true, label }, rolled.amount, command, lines);
}

/** At a round's start, ongoing damage strikes once more (ch.11). */
export function tickOngoing(ps: PlaySession, lines: string[]): void {
  const fight = readFight(ps);
  if (!fight.ongoing.length) return;
  writeFight(ps, {
    ...fight,
    ongoing: fight.ongoing.filter((o) => o.roundsLeft > 1).map((o) => ({ ...o, roundsLeft: o.roundsLeft - 1 })),
  });
  for (const o of fight.ongoing) ongoingTick(ps, o.tokenId, `${o.label}, ongoing`, o.damage, 'phase.nextTurn', lines);
}

/** When a fight starts, turns lost before it are given up (ch.9). */
export function owedAtStart(ps: PlaySession): number[] {
  const fight = readFight(ps);
  writeFight(ps, { ...fight, serial: fight.serial + 1, loseTurn: [] });
  return fight.loseTurn;
}

/** An integrity check the Judge calls on one equipped item (ch.11), rolled or ruled. */
export function judgeIntegrity(
  ps: PlaySession,
  lichslayerId: number,
  slot: ItemSlot,
  result: 'breaks' | 'holds' | undefined,
  command: CommandName,
): FightResult {
  const l = row(ps, lichslayerId);
  if (!l) throw new CommandFailure('not-found', `No Lichslayer with id ${lichslayerId} in this campaign.`);
  const item = equippedItems(ps, lichslayerId).find((i) => i.slot === slot);
  if (!item) throw new CommandFailure('refused', `${l.name} has nothing in ${slot}. Nothing changed.`);
  if (item.unbreakable) throw new CommandFailure('refused', `${item.name} is unbreakable (ch.11). Nothing changed.`);
  if (item.broken) throw new CommandFailure('refused', `${item.name} is already broken. Nothing changed.`);
  const out = emptyResult();
  const cause = `Integrity check: ${l.name}'s ${item.name}`;
  const check = ps.roll(command, ({ dice }) => {
    const c = result
      ? {
          roll: null,
          breaks: result === 'breaks',
          explain: `Integrity of ${item.name}: ${result === 'breaks' ? 'it breaks' : 'it holds'}, the Judge's call (ch.11)`,
        }
      : integrityCheck(dice, item, cause);
    return { value: c, records: [{ cause, character: l.name, explain: c.explain, result: c }] };
  });
  out.lines.push(check.explain);
  if (check.breaks) breakItem(ps, item, out.lines);
  return out;
}

/**
 * Crush (the Breaker's capstone, ch.2): one target in reach to 0 Health — felled through the same
 * path as any hit, counted for XP — or to 0 Armor; never the Lich.
 */
export function crushToken(
  ps: PlaySession,
  breaker: LichslayerRow,
  tokenId: number | undefined,
  choice: 'health' | 'armor' | undefined,
  lines: string[],
): string {
  if (tokenId === undefined || !choice)
    throw new CommandFailure(
      'invalid-args',
      'Crush needs a target and a choice: its Health or its Armor to 0 (ch.2). Nothing changed.',
    );
  const target = tokenOf(ps, tokenId);
  const refused = crushRefusal({ name: target.name, lich: !!target.stats.lich, defeated: target.defeated });
  if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  const me = allTokens(ps).find((t) => t.lichslayerId === breaker.id);
  const town = townFighters(ps);
  const reach = me
    ? reachRefusal(positionOf(me, town), positionOf(target, town))
    : `${breaker.name} is not on the board`;
  if (reach) throw new CommandFailure('refused', `${reach}. Nothing changed.`);
  const defender = defenderOf(ps, target, null);
  let explain: string;
  if (choice === 'armor') {
    if (target.lichslayerId !== null) ps.update('lichslayer', target.lichslayerId, { armor: 0 });
    else ps.update('token', target.id, { armor: 0 });
    explain = `${breaker.name} Crushes ${target.name}'s Armor: ${defender.armor} → 0 (ch.2)`;
    lines.push(explain);
  } else {
    lines.push(`${breaker.name} Crushes ${target.name} to 0 Health (ch.2)`);
    const hit = applyHit(
      ps,
      target,
      { colour: null, physical: false, bypassArmor: true, crush: true, label: 'Crush' },
      defender.health,
      'skill.use',
      lines,
      emptyResult(),
      breaker.id,
    );
    explain = `${breaker.name} Crushes ${target.name}: ${hit.explain}`;
  }
  ps.roll('skill.use', () => ({
    value: null,
    records: [
      { cause: `${breaker.name} uses Crush on ${target.name}`, character: breaker.name, explain, result: null },
    ],
  }));
  return target.name;
}

/** Diagnose and Bandage (the Lich Doctor's Skill 1, ch.2): up to level characters healed (level)d6 each, the Lich among those it works on. */
export function bandageTokens(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenIds: readonly number[] | undefined,
  enhanced: boolean,
  lines: string[],
): void {
  if (!tokenIds?.length)
    throw new CommandFailure('invalid-args', 'Choose the characters Diagnose and Bandage heals. Nothing changed.');
  const targets = [...new Set(tokenIds)].map((id) => tokenOf(ps, id));
  const bandaged = ps.roll('skill.use', ({ dice }) => {
    let healed: Bandaged[];
    try {
      healed = rollBandage(dice, {
        doctor: doctor.name,
        level: doctor.level,
        enhanced,
        targets: targets.map((t) => ({ ...vitalsFor(ps, t), name: t.name })),
      });
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    return {
      value: healed,
      records: healed.map((h) => ({
        cause: `${doctor.name} uses Diagnose and Bandage on ${h.name}`,
        character: doctor.name,
        explain: h.explain,
        result: h,
      })),
    };
  });
  bandaged.forEach((h, i) => {
    const t = targets[i]!;
    if (t.lichslayerId !== null) ps.update('lichslayer', t.lichslayerId, { health: h.health, armor: h.armor });
    else ps.update('token', t.id, { health: h.health, armor: h.armor });
    lines.push(h.explain);
  });
}

/** Health, its maximum and Armor where they live: the Gauntlet for a Lichslayer, the token otherwise. */
function vitalsFor(
  ps: PlayReader,
  t: TokenView,
): { health: number; maxHealth: number; armor: number; maxArmor: number | null } {
  if (t.lichslayerId !== null) {
    const l = row(ps, t.lichslayerId)!;
    return { health: l.health, maxHealth: l.max_health, armor: l.armor, maxArmor: l.max_armor };
  }
  return { health: t.health ?? 0, maxHealth: t.maxHealth ?? t.health ?? 0, armor: t.armor ?? 0, maxArmor: null };
}
