// Printable data: Gauntlet sheets, the party sheet, floor handouts and loot cards. Everything a
// players' printout may not show is dropped here, in main, before the renderer sees it.
import type { PlayReader } from '../state/session.ts';
import type { PrintFloorHandout, PrintGauntlet, PrintItem, PrintLootCard } from '@shared/print.ts';
import type { LichslayerView } from '@shared/contract.ts';
import { formatRange } from '@shared/tables.ts';
import { slotShortLabel } from '../rules/gauntlet-slots.ts';
import { skillsUnlocked } from '../rules/character.ts';
import { allTokens, roomsOfFloor } from '../state/board.ts';
import type { Database } from 'better-sqlite3';
import { campaignName } from '../db/campaign-meta.ts';
import { judgeCampaignView } from './judge-view.ts';

/** The slots this Gauntlet has (ch.2: Extra Pockets, Medicine Bay), and any still holding an item, with its loot row's text. */
export function gauntletItems(l: LichslayerView): PrintItem[] {
  return [...l.slots.open, ...l.slots.closedHeld].map((slot) => {
    const item = l.items[slot];
    // The item's own loot row, found by the row it came from (a renamed row included).
    const entry = item ? (l.lootText.slots[slot] ?? null) : null;
    return {
      slot: slotShortLabel(slot) + (slot === 'garment' && l.slots.garmentIsMedicine ? ' / Medicine' : ''),
      name: item?.name ?? '',
      colour: item?.colour ?? null,
      broken: item?.broken ?? false,
      tier: entry?.tier ?? null,
      actions: entry?.actions ?? [],
      effect: entry?.details ?? '',
    };
  });
}

export function printGauntlets(db: Database, ps: PlayReader, file: string, ids?: readonly number[]): PrintGauntlet[] {
  const view = judgeCampaignView(db, file, ps);
  return view.roster
    .filter((l) => !ids || ids.includes(l.id))
    .map((l) => ({
      name: l.name,
      level: l.level,
      className: skillsUnlocked(l.level).classRevealed ? l.hiddenClass : null,
      health: l.health,
      maxHealth: l.maxHealth,
      armor: l.armor,
      maxArmor: l.maxArmor,
      power: l.power,
      speed: l.speed,
      magic: l.derived.magic.value,
      sanity: l.sanity,
      gold: l.gold,
      goldMarks: l.derived.goldMarks.value,
      xp: l.xp,
      items: gauntletItems(l),
      skills: [l.skill1, l.skill2, l.skill3],
      capstone: l.capstone,
      inventory: l.inventory.map((s) => ({ name: s.broken ? `${s.name} (broken)` : s.name, count: s.count })),
      inventoryDepth: l.derived.inventoryDepth.value,
    }));
}

/** The floor as the players know it: revealed rooms, their types, where the party has been. */
export function floorHandout(db: Database, ps: PlayReader, floor: number): PrintFloorHandout {
  const rooms = roomsOfFloor(ps, floor).filter((r) => r.revealed === 1);
  const party = new Set(
    allTokens(ps)
      .filter((t) => t.kind === 'lichslayer' && t.floor === floor)
      .map((t) => `${t.x},${t.y}`),
  );
  return {
    campaign: campaignName(db),
    floor,
    rooms: rooms.map((r) => ({
      x: r.x,
      y: r.y,
      name: r.name,
      type: r.room_type,
      entered: r.entered === 1,
      party: party.has(`${r.x},${r.y}`),
    })),
  };
}

export function lootCards(ps: PlayReader, indices: readonly number[]): PrintLootCard[] {
  const rows = ps.tables.defs.get('loot')?.rows ?? [];
  return indices.flatMap((i) => {
    const r = rows[i];
    if (!r?.loot) return [];
    return [
      {
        value: formatRange(r.range),
        name: r.label,
        colour: r.loot.colour,
        tier: r.loot.tier,
        itemType: r.loot.itemType,
        actions: r.loot.actions,
        effect: r.details,
      },
    ];
  });
}
