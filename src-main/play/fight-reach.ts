// Who may attack whom in a fight (rulebook ch.3, ch.7, ch.11-ch.13, ch.16): the attacker's weapons or stat
// dice, the turn, the reach, who may Block, and the attack dialog's view of it all.
import type { PlayReader } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { FightOptionsView } from '@shared/fight.ts';
import type { ItemSlot } from '@shared/gauntlet.ts';
import { allTokens, turnStack } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import {
  attackAccess,
  defaultTarget,
  gradeDice,
  GRADE_DICE_WORDS,
  parseDamage,
  reachRefusal,
  retainerDamage,
  weaponOptions,
  type DamageSpec,
  type Position,
  type WeaponOption,
} from '../rules/attack.ts';
import { isNear } from '../rules/board-moves.ts';
import { inertActs } from '../rules/oneness.ts';
import { onenessOf } from './oneness-state.ts';
import { retainerLoot } from './retainer-loot.ts';
import { CommandFailure } from '../state/failures.ts';
import { blockItems, equippedItems, influenceOffer } from './gear.ts';
import { readFight, roundNow, roundOf } from './fight-state.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { combatActor, diveActor, PARTY_KINDS, stored } from './machines.ts';

export const row = (ps: PlayReader, id: number): LichslayerRow | undefined => ps.byId('lichslayer', id) ?? undefined;

export function tokenOf(ps: PlayReader, id: number): TokenView {
  const t = allTokens(ps).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board.`);
  return t;
}

/** The fight in the Town (ch.16): its entrants fight in one place, off the board. */
export function townFighters(ps: PlayReader): Set<number> {
  if (String(diveActor(ps).getSnapshot().value) !== 'manifestation' || !stored(ps, 'machine:combat')) return new Set();
  return new Set(
    combatActor(ps)
      .getSnapshot()
      .context.order.map((s) => s.tokenId),
  );
}

export const positionOf = (t: TokenView, town: Set<number>): Position => ({
  name: t.name,
  kind: t.kind,
  floor: t.floor,
  x: t.x,
  y: t.y,
  inTownFight: town.has(t.id),
});

/** A fight is on, and whose turn it is (ch.11). */
export function turnOf(ps: PlayReader): { order: number[]; current: number | null } | null {
  if (!stored(ps, 'machine:combat')) return null;
  const snap = combatActor(ps).getSnapshot();
  if (snap.value === 'idle') return null;
  return { order: snap.context.order.map((s) => s.tokenId), current: snap.context.current };
}

export interface AttackerKit {
  token: TokenView;
  lichslayer: LichslayerRow | null;
  weapons: WeaponOption[];
  statDamage: DamageSpec | null;
  /** The d6 a Retainer's grade adds to its loot weapon's dice (ch.7); 0 for everyone else. */
  gradeDice: number;
  /** Why the entrant cannot attack at all. */
  refused: string | null;
  /** Why not now: a fight is on and it is another's turn. */
  notYourTurn: string | null;
}

/** Who attacks and with what (ch.7, ch.11, ch.12, ch.13): a Gauntlet's weapons, or a stat block's dice. */
export function attackerKit(ps: PlayReader, tokenId: number): AttackerKit {
  const token = tokenOf(ps, tokenId);
  const rules = readHouseRules(ps);
  const l = token.lichslayerId !== null ? (row(ps, token.lichslayerId) ?? null) : null;
  let weapons: WeaponOption[] = [];
  let statDamage: DamageSpec | null = null;
  let grade = 0;
  let refused: string | null = null;
  if (token.defeated) refused = `${token.name} is felled`;
  else if (token.kind === 'phylactery') refused = 'The Phylactery has no attack (ch.12)';
  else if (token.kind === 'familiar') refused = 'A Familiar gives intelligence; it does not attack (ch.3)';
  else if (l) {
    weapons = weaponOptions(equippedItems(ps, l.id));
    if (l.health === 0) refused = `${l.name} is at 0 Health: withdraw or press on first (ch.11)`;
    else if (l.inhabits !== null) refused = inertActs(l.name, onenessOf(ps, l.id)?.body.name ?? 'another body');
    else refused = attackAccess(l.name, weapons);
  } else if (token.kind === 'retainer') {
    statDamage = retainerDamage(token.stats.attack ?? '+0', rules);
    // ch.2, ch.7: its loot item is a weapon it (or a Witch inhabiting it) may attack with.
    const loot = retainerLoot(ps, token.id);
    weapons = loot ? weaponOptions([loot], 'row') : [];
    if (weapons.length) grade = gradeDice(token.stats.attack ?? '+0');
    if (!statDamage && !weapons.some((w) => w.allowed))
      refused = `${token.name} has no attack dice (house rule: a Retainer's own dice are 0)`;
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
  return { token, lichslayer: l, weapons, statDamage, gradeDice: grade, refused, notYourTurn };
}

/** A target's Health and gold as the default-target rule reads them. */
function vitalsOf(ps: PlayReader, t: TokenView): { health: number; gold: number } {
  if (t.lichslayerId !== null) {
    const l = row(ps, t.lichslayerId);
    return { health: l?.health ?? 0, gold: l?.gold ?? 0 };
  }
  return { health: t.health ?? 0, gold: 0 };
}

/** Who may Block a hit on this target: the target or a character adjacent to it, with an intact Block item unused this round (ch.13), not a Witch's inert body (ch.2). */
export function blockersFor(
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
    // ch.2: a Witch's own body lies inert while she inhabits another; it Blocks nothing.
    if (onenessOf(ps, t.lichslayerId)) return [];
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
    weapons: kit.weapons.map((w) => {
      const damage = w.damage
        ? `${w.damage.text}${kit.gradeDice ? ` + ${kit.gradeDice}d6 ${GRADE_DICE_WORDS}` : ''}`
        : null;
      // The tooltip names the same dice the option lists, the Retainer's grade included.
      const why = w.allowed && kit.gradeDice && damage ? `${w.name}: ${damage}, ch.13` : w.why;
      return { slot: w.slot, name: w.name, damage, allowed: w.allowed, why };
    }),
    statDamage: kit.statDamage?.text ?? null,
    targets,
    defaultTarget: defaultId,
    defaultExplain,
    integrity,
    influence: influenceOffer(ps, kit.lichslayer),
  };
}
