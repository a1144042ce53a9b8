// Looting as the app applies it (rulebook ch.1, ch.4, ch.8, ch.9, ch.10): who may loot now (Edge every
// other round or with a Challenge, Paranoid with a Challenge), a chest opened by a Lichslayer standing
// at it (the d6, the player's loot roll with their penalties, the Judge's gold roll), what it holds
// put on their Gauntlet, and a room's gold split between those there or given to one of them.
import type { Colour } from '@shared/gauntlet.ts';
import type { PlayReader, PlaySession, RollRecord } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import type { CommandName } from '@shared/contract.ts';
import { allTokens, parseChest, roomLabel, type RoomRecord } from '../state/board.ts';
import { heldInfluence, slotPlanOf } from '../state/gauntlet.ts';
import { addToInventory } from '../state/inventory.ts';
import { readHouseRules } from '../state/settings.ts';
import { chestGoldFormula, openChest } from '../rules/board-facts.ts';
import { inventoryDepth } from '../rules/gauntlet-derived.ts';
import { isGoldFormula, rollGold } from '../rules/gold.ts';
import { floorTier } from '../rules/room-roll.ts';
import { lootingRule } from '../rules/sanity.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { lichslayerChallenge } from './round-hooks.ts';
import { CommandFailure } from '../state/failures.ts';
import { readFight, roundNow, roundOf, writeFight } from './fight-state.ts';
import { rollModifiersFor } from './gear.ts';
import { gainGold } from './growth.ts';
import { requireLichslayer, type LichslayerRow } from '../state/lichslayer.ts';

/** The Lichslayers standing in a room. */
function standingIn(ps: PlayReader, room: RoomRecord): TokenView[] {
  return allTokens(ps).filter(
    (t) =>
      t.kind === 'lichslayer' && t.lichslayerId !== null && t.floor === room.floor && t.x === room.x && t.y === room.y,
  );
}

/**
 * May this Lichslayer loot now (ch.8)? Free, or after a Challenge — rolled here, in the ledger — at
 * Edge on an off-round or at Paranoid. A looting done is marked for the round.
 */
export function mayLoot(
  ps: PlaySession,
  l: LichslayerRow,
  what: string,
  command: CommandName,
  notices: string[],
): boolean {
  const fight = readFight(ps);
  const now = roundNow(ps);
  const verdict = lootingRule(
    l.sanity,
    { round: now?.round ?? null, lastLootRound: roundOf(fight.looted[String(l.id)], now) },
    readHouseRules(ps),
  );
  if (verdict.kind === 'challenge') {
    const r = lichslayerChallenge(ps, command, {
      lichslayerId: l.id,
      target: verdict.target,
      cause: `${l.name} loots ${what}: ${verdict.explain}`,
      sanity: null,
    });
    notices.push(r.explain);
    if (!r.passed) return false;
  }
  if (now) writeFight(ps, { ...readFight(ps), looted: { ...readFight(ps).looted, [String(l.id)]: now } });
  return true;
}

/** The tier whose house-rule chest gold a floor uses; Floor 10 is not rolled, so the Lower Tombs' (ch.10). */
const tierOf = (floor: number) => (floor >= 10 ? 'lower' : floorTier(floor));

/**
 * A chest opened by a Lichslayer standing at it (ch.9): 1d6 against the house rule for loot; with loot,
 * the player's 1d100 + (Floor − 5) × 10 with their penalties to all rolls (ch.1, ch.4, ch.8); the
 * Judge's gold roll. The loot goes into an empty Loot slot, else the inventory; the gold onto the
 * Gauntlet as gold found (XP).
 */
export function openChestBy(
  ps: PlaySession,
  room: RoomRecord,
  lichslayerId: number,
  command: CommandName,
  notices: string[],
): void {
  const chest = parseChest(room.chest);
  const place = roomLabel(room.floor, room.x, room.y);
  if (!chest) throw new CommandFailure('refused', `There is no chest at ${place}.`);
  if (chest.opened) throw new CommandFailure('refused', 'That chest has already been opened.');
  if (!room.revealed) throw new CommandFailure('refused', 'Reveal the room before opening its chest.');
  const l = requireLichslayer(ps, lichslayerId);
  if (!standingIn(ps, room).some((t) => t.lichslayerId === l.id))
    throw new CommandFailure(
      'refused',
      `${l.name} must stand in ${room.name || place} to open its chest (ch.9). Nothing changed.`,
    );
  if (l.health === 0)
    throw new CommandFailure(
      'refused',
      `${l.name} is at 0 Health: withdraw or press on first (ch.11). Nothing changed.`,
    );
  if (!mayLoot(ps, l, 'the chest', command, notices)) {
    notices.push(`${l.name} cannot loot the chest this round; it stays shut (ch.8)`);
    return;
  }
  const rules = readHouseRules(ps);
  const formula = chest.goldFormula || chestGoldFormula(tierOf(room.floor), '', rules).formula;
  const modifiers = rollModifiersFor(ps, l).all;
  const opened = ps.roll(command, ({ dice, tables, drawn }) => {
    const cause = `Chest at ${place}, opened by ${l.name}`;
    const roll = openChest(dice, rules, cause);
    const records: RollRecord[] = [
      { cause, floor: room.floor, room: place, character: l.name, explain: roll.explain, result: roll, public: true },
    ];
    let loot: { name: string; colour: string; notes: string } | null = null;
    if (roll.hasLoot && tables.has('loot')) {
      const node = rollOnTable({ dice, tables, drawn, cause: `${cause}: loot` }, 'loot', {
        floor: room.floor,
        extra: modifiers,
        // ch.1, ch.9: the chest's loot roll adds the Influence dice the opener's equipped loot holds.
        influence: heldInfluence(ps, l),
      });
      const row = node.row !== null ? tables.get('loot')!.rows[node.row] : undefined;
      loot = { name: node.label, colour: row?.loot?.colour ?? 'Colourless', notes: row?.details ?? '' };
      records.push({
        cause: `${cause}: loot`,
        table: 'loot',
        floor: room.floor,
        room: place,
        character: l.name,
        explain: node.explain,
        result: node,
        public: true,
      });
    }
    const gold = isGoldFormula(formula) ? rollGold(dice, formula, `${cause}: gold`) : null;
    if (gold)
      records.push({
        cause: `${cause}: gold (the Judge's roll)`,
        floor: room.floor,
        room: place,
        character: l.name,
        explain: gold.explain,
        result: gold,
        public: true,
      });
    else
      records.push({
        cause: `${cause}: gold`,
        floor: room.floor,
        room: place,
        explain: `“${formula}” is not a gold formula such as 2d6x10: no gold rolled`,
        result: null,
      });
    return { value: { hasLoot: roll.hasLoot, explain: roll.explain, loot, gold: gold?.gold ?? 0 }, records };
  });
  notices.push(`${l.name} opens the chest: ${opened.explain}`);
  let contents = '';
  if (opened.loot) {
    const where = takeLoot(ps, l, opened.loot);
    contents = where === 'left' ? opened.loot.name : '';
    notices.push(
      where === 'left'
        ? `${opened.loot.name}: ${l.name} has no empty Loot slot or inventory stack; it stays in the chest`
        : `${l.name} takes ${opened.loot.name} into ${where === 'inventory' ? 'the inventory' : `a Loot slot (${where})`} (ch.13)`,
    );
  }
  ps.update('room', room.id, {
    chest: JSON.stringify({
      opened: true,
      hasLoot: opened.hasLoot,
      contents,
      goldFormula: formula,
      gold: opened.gold,
      openedBy: l.name,
    }),
  });
  if (opened.gold > 0) gainGold(ps, l.id, opened.gold, notices);
}

/** Loot onto a Gauntlet: the first empty Loot slot its skills open (ch.2), else an inventory stack if one is free (ch.4). */
function takeLoot(ps: PlaySession, l: LichslayerRow, loot: { name: string; colour: string; notes: string }): string {
  const used = new Set<string>(
    ps
      .all('item')
      .filter((i) => i.lichslayer_id === l.id)
      .map((r) => r.slot),
  );
  const slot = slotPlanOf(ps, l).loot.find((s) => !used.has(s));
  if (slot) {
    ps.insert('item', {
      lichslayer_id: l.id,
      slot,
      name: loot.name,
      colour: loot.colour as Colour,
      broken: 0,
      notes: loot.notes,
    });
    return slot;
  }
  const stacks = ps.all('inventory').filter((st) => st.lichslayer_id === l.id);
  const joins = stacks.some((s) => s.name.trim().toLowerCase() === loot.name.trim().toLowerCase() && s.count < 6);
  if (!joins && stacks.length >= inventoryDepth(l.max_health).value) return 'left';
  addToInventory(ps, l.id, loot.name);
  return 'inventory';
}

/**
 * A room's gold (ch.10) taken by those standing in it: split evenly between them, or given to one
 * (the Judge's click); each share is gold found on that Gauntlet (XP, ch.1). A looting limit keeps a
 * Lichslayer's share in the room (ch.8); what does not divide evenly stays there too.
 */
export function takeRoomGold(
  ps: PlaySession,
  room: RoomRecord,
  to: number | 'split',
  command: CommandName,
  notices: string[],
): void {
  const place = roomLabel(room.floor, room.x, room.y);
  if (!room.revealed) throw new CommandFailure('refused', `Reveal ${place} first.`);
  if (room.gold <= 0)
    throw new CommandFailure('refused', `There is no gold in ${room.name || place}. Nothing changed.`);
  const here = standingIn(ps, room)
    .map((t) => requireLichslayer(ps, t.lichslayerId!))
    .filter((l) => l.health > 0);
  const takers = to === 'split' ? here : here.filter((l) => l.id === to);
  if (!takers.length) {
    const who =
      to === 'split' ? 'No Lichslayer' : ((ps.byId('lichslayer', to) ?? undefined)?.name ?? `Lichslayer ${to}`);
    throw new CommandFailure(
      'refused',
      `${who} stands in ${room.name || place} to take its gold (ch.10). Nothing changed.`,
    );
  }
  const able = takers.filter((l) => mayLoot(ps, l, `the gold of ${room.name || place}`, command, notices));
  if (!able.length) {
    notices.push('Nobody may loot the gold this round; it stays in the room (ch.8)');
    return;
  }
  const share = Math.floor(room.gold / able.length);
  const left = room.gold - share * able.length;
  if (share === 0)
    throw new CommandFailure(
      'refused',
      `${room.gold} gold does not divide between ${able.length}: give it to one of them. Nothing changed.`,
    );
  ps.update('room', room.id, { gold: left });
  notices.push(
    `${room.gold} gold ${able.length > 1 ? `split between ${able.length}: ${share} each` : `to ${able[0]!.name}`}${left ? `; ${left} that does not divide evenly stays in the room` : ''}`,
  );
  for (const l of able) gainGold(ps, l.id, share, notices);
}
