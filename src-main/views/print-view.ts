// Printable data: Gauntlet sheets, the party sheet, floor handouts and loot cards. Everything a
// players' printout may not show is dropped here, in main, before the renderer sees it.
import type { Database } from 'better-sqlite3';
import type { PrintFloorHandout, PrintGauntlet, PrintLootCard } from '@shared/print.ts';
import { formatRange } from '@shared/tables.ts';
import { ITEM_SLOTS } from '@shared/gauntlet.ts';
import { skillsUnlocked } from '../rules/character.ts';
import { allTokens, roomsOfFloor } from '../db/board-repo.ts';
import { loadTable } from '../db/tables-repo.ts';
import { campaignName, judgeCampaignView } from './judge-view.ts';

const SLOT_NAMES: Record<string, string> = { gear: 'Gear', garment: 'Garment', accessory: 'Accessory', loot1: 'Loot 1', loot2: 'Loot 2', loot3: 'Loot 3' };

export function printGauntlets(db: Database, file: string, ids?: readonly number[]): PrintGauntlet[] {
  const view = judgeCampaignView(db, file);
  const loot = loadTable(db, 'loot')?.def.rows ?? [];
  const byName = new Map(loot.map((r) => [r.label.toLowerCase(), r]));
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
      items: ITEM_SLOTS.map((slot) => {
        const item = l.items[slot];
        const row = item ? byName.get(item.name.toLowerCase()) : undefined;
        return {
          slot: SLOT_NAMES[slot]!,
          name: item?.name ?? '',
          colour: item?.colour ?? null,
          broken: item?.broken ?? false,
          tier: row?.loot?.tier ?? null,
          actions: row?.loot?.actions ?? [],
        };
      }),
      skills: [l.skill1, l.skill2, l.skill3],
      capstone: l.capstone,
      inventory: l.inventory,
      inventoryDepth: l.derived.inventoryDepth.value,
    }));
}

/** The floor as the players know it: revealed rooms, their types, where the party has been. */
export function floorHandout(db: Database, floor: number): PrintFloorHandout {
  const rooms = roomsOfFloor(db, floor).filter((r) => r.revealed === 1);
  const party = new Set(allTokens(db).filter((t) => t.kind === 'lichslayer' && t.floor === floor).map((t) => `${t.x},${t.y}`));
  return {
    campaign: campaignName(db),
    floor,
    rooms: rooms.map((r) => ({ x: r.x, y: r.y, name: r.name, type: r.room_type, entered: r.entered === 1, party: party.has(`${r.x},${r.y}`) })),
  };
}

export function lootCards(db: Database, indices: readonly number[]): PrintLootCard[] {
  const rows = loadTable(db, 'loot')?.def.rows ?? [];
  return indices.flatMap((i) => {
    const r = rows[i];
    if (!r?.loot) return [];
    return [{ value: formatRange(r.range), name: r.label, colour: r.loot.colour, tier: r.loot.tier, itemType: r.loot.itemType, actions: r.loot.actions, effect: r.details }];
  });
}
