// A fight as the app applies it (rulebook ch.1, ch.4, ch.7, ch.8, ch.11-ch.14, ch.16): an attack rolled
// and resolved against its target, a hit written to the Gauntlet or the token, what 0 Health sets off
// (the withdraw / press-on choice, permanent loss, allies shaken, an entity felled for XP, the
// Phylactery destroyed through the dive machine), integrity checks, Blocks, ongoing damage, lost turns.
// Plain functions over one transaction's writer; every roll goes through the ledger.
import type { PlaySession, RollRecord } from '../state/session.ts';
import type { CommandName } from '@shared/contract.ts';
import type { FightResult, attackArgsSchema, damageArgsSchema } from '@shared/fight.ts';
import type { z } from 'zod';
import { allTokens } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { reachRefusal, rollAttack, type WeaponOption } from '../rules/attack.ts';
import { attackDice } from './attack-dice.ts';
import {
  integrityCheck,
  integrityTarget,
  NO_SYNC,
  resolveHit,
  syncMultipliers,
  type HitSource,
} from '../rules/damage.ts';
import { hitSanity } from '../rules/sanity.ts';
import type { DieRoll } from '../rules/dice.ts';
import { sanityChallenge } from './round-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { vestmentsHeld } from '../rules/vestments.ts';
import { factionOf } from './faction-signature.ts';
import { equippedItems, rollModifiersFor, syncHeld, type HeldItem } from './gear.ts';
import { readFight, roundNow, writeFight } from './fight-state.ts';
import { row, tokenOf, townFighters, positionOf, attackerKit, blockersFor } from './fight-reach.ts';
import { actorOf } from './skills/oneness.ts';
import { onenessOf } from './oneness-state.ts';
import { retainerCheck, retainerLoot } from './retainer-loot.ts';
import { inertActs } from '../rules/oneness.ts';
import {
  defenderOf,
  noteWorn,
  writeHit,
  breakItem,
  loseNextTurn,
  sanityAfterHit,
  afterZero,
  emptyResult,
  applyHit,
  killerSanity,
} from './fight-outcomes.ts';

// The rest of the fight lives in its domain files; callers keep importing it from here.
export { fightOptions } from './fight-reach.ts';
export { applyHit, fellEntity, lichslayerAtZero, loseNextTurn } from './fight-outcomes.ts';
export { judgeIntegrity, ongoingAtFightEnd, owedAtStart, startOngoing, tickOngoing } from './fight-ongoing.ts';
export { bandageTokens, crushToken } from './fight-skills.ts';

export type AttackArgs = z.output<typeof attackArgsSchema>;
export type DamageArgs = z.output<typeof damageArgsSchema>;

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

  const chosen = a.slot ? kit.weapons.find((o) => o.slot === a.slot) : kit.weapons.find((o) => o.allowed);
  // Naming a band with no weapon refuses for any attacker: a Retainer's own dice stand in only when none is named.
  if (!chosen && (l || a.slot))
    throw new CommandFailure(
      'refused',
      `${l?.name ?? kit.token.name} has nothing in ${a.slot ?? 'any band'} that allows the attack action (ch.11). Nothing changed.`,
    );
  // A Retainer without a usable loot weapon attacks with its own dice (ch.7); only naming its unusable item refuses.
  if (chosen && !chosen.allowed && (l || a.slot))
    throw new CommandFailure('refused', `${chosen.why}. Nothing changed.`);
  const weapon: WeaponOption | null = chosen?.allowed ? chosen : null;
  const items = l ? equippedItems(ps, l.id) : [];
  // A Retainer's one item, whether he attacks with it or with his own dice (ch.7, ch.11).
  const held = !l ? retainerLoot(ps, kit.token.id) : null;
  if (a.integritySlot && held?.slot === a.integritySlot)
    throw new CommandFailure('refused', `${retainerCheck(kit.token.name, held)}. Nothing changed.`);
  if (a.integritySlot && !items.some((i) => i.slot === a.integritySlot))
    throw new CommandFailure(
      'refused',
      `${l?.name ?? kit.token.name} has nothing in ${a.integritySlot} for an integrity check. Nothing changed.`,
    );
  const block = a.block
    ? blockersFor(ps, target).find((b) => b.lichslayerId === a.block!.lichslayerId && b.slot === a.block!.slot)
    : undefined;
  // ch.2: the holder named may be a Witch whose own body lies inert while she is in another.
  const inert = a.block && !block ? onenessOf(ps, a.block.lichslayerId) : null;
  if (inert) throw new CommandFailure('refused', `${inertActs(inert.witch.name, inert.body.name)}. Nothing changed.`);
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
    // ch.14: the Unbound's blow comes from one of its Vestments, or from an entity of its own.
    unbound: weapon ? vestmentsHeld([weapon.name]).length > 0 : !!kit.token.stats.unbound,
    faction: factionOf(ps, kit.token),
    label: weapon ? `${kit.token.name}'s ${weapon.name}` : `${kit.token.name}'s attack`,
  };
  const attackerSync = l ? syncHeld(ps, l.id) : NO_SYNC;
  const defender = defenderOf(ps, target, block ? `${block.name}'s ${block.item}` : null, source);
  const multipliers = syncMultipliers(attackerSync, { colour: target.colour, sync: defender.sync }, sourceColour, {
    from: !!source.unbound,
    rules,
  });
  const modifiers = l ? rollModifiersFor(ps, l).all : [];
  // ch.13: Influence adds to an attack; the Judge's own number is the whole damage and takes none.
  const planDice = attackDice(ps, kit, weapon, target, a)!;
  const { base, influence } = planDice;
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
          powerDice: planDice.powerDice,
          bonusDice: planDice.bonusDice,
          gradeDice: planDice.gradeDice,
          modifiers,
          influence,
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
    return { value: { amount, hit, blockCheck, own, rolled, integrityDue }, records };
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
  for (const name of planDice.useless)
    lines.push(
      `${name} is Lich-coded (Colourless) loot: useless against the Phylactery, its Influence adds nothing (ch.12, house rule)`,
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
  if (planned.integrityDue && held) lines.push(`A natural 1: ${retainerCheck(kit.token.name, held)}`);
  if (hit?.reachedZero) {
    // ch.2: a Witch acting through the body she inhabits is the one who fells its target.
    const actor = actorOf(ps, kit.token);
    const killer = actor !== null ? row(ps, actor) : undefined;
    const outcome = afterZero(ps, target, actor, command, lines, result);
    if (outcome === 'lost' && killer) killerSanity(ps, killer, target, command, lines);
  }
  if (hit) sanityAfterHit(ps, kit.token, target, hit, command, lines);
  return result;
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
  const authorId = author ? actorOf(ps, author) : null;
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
      unbound: a.unbound,
      // ch.14: an entity's hand is an enemy's, of its colour and its faction.
      fromEntity: author?.kind === 'entity',
      faction: author ? factionOf(ps, author) : null,
      label: a.label,
    },
    a.amount,
    command,
    result.lines,
    result,
    authorId,
  );
  // ch.11: a player killed by the Judge's hand costs its named killer the same Sanity as one killed by an attack.
  const killer = authorId !== null ? row(ps, authorId) : undefined;
  if (hit.zero === 'lost' && killer) killerSanity(ps, killer, target, command, result.lines);
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
  // ch.8: Lich-type damage, or (house rule) damage by the Judge's hand whose author is a Colourless entity.
  const due =
    target.lichslayerId !== null && hit.outcome !== 'immune'
      ? hitSanity(
          {
            name: a.lichType ? a.label : (author?.name ?? a.label),
            entity: author?.kind === 'entity',
            colour: author?.colour ?? null,
            lichType: a.lichType,
          },
          readHouseRules(ps),
        )
      : null;
  if (due && target.lichslayerId !== null)
    result.lines.push(
      sanityChallenge(ps, command, {
        lichslayerId: target.lichslayerId,
        target: due.target,
        cause: due.cause,
        where: 'tombs',
      }).explain,
    );
  return result;
}
