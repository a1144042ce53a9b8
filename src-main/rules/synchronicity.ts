// Colour synchronicity (rulebook ch.14): conditions read from active, unbroken loot.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';

export interface ActiveLoot {
  name: string;
  colour: Colour;
  type?: string;
  broken?: boolean;
}

export type SyncCondition = 'mono-color' | 'full-spectrum' | 'dual-color' | 'mono-type';

export const SYNC_EFFECTS: Record<SyncCondition, { label: string; effects: string[] }> = {
  'mono-color': {
    label: 'Mono-Color',
    effects: ['2× damage dealt', '½ damage received', 'spells of this colour cost half gold'],
  },
  'full-spectrum': {
    label: 'Full Spectrum',
    effects: [
      '2× damage to Colourless entities',
      '½ damage from Colourless sources',
      'resistant to the Unbound',
      'access to Colourless magics',
    ],
  },
  'dual-color': {
    label: 'Dual-Color',
    effects: ["immune to both colours' enemy types and factions bearing both", "2× damage to both colours' enemies"],
  },
  'mono-type': { label: 'Mono-Type', effects: ['double effectiveness of all loot abilities'] },
};

export interface SyncResult {
  conditions: { id: SyncCondition; label: string; effects: string[]; colours?: Colour[] }[];
  counted: number;
  ignoredBroken: string[];
  explain: string;
}

export function synchronicity(loot: readonly ActiveLoot[], rules: HouseRules): SyncResult {
  const ignoredBroken = loot.filter((l) => l.broken).map((l) => l.name);
  const active = loot.filter((l) => !l.broken); // broken items count toward nothing (ch.14)
  const conditions: SyncResult['conditions'] = [];
  const enough = active.length >= rules.synchronicityMinItems;
  if (enough) {
    const colours = [...new Set(active.map((l) => l.colour))];
    if (colours.length === 1) conditions.push({ id: 'mono-color', ...SYNC_EFFECTS['mono-color'], colours });
    // Colourless items do not count for Full Spectrum or Dual-Color (ch.14).
    const coloured = active.filter((l) => l.colour !== 'Colourless');
    const colouredSet = [...new Set(coloured.map((l) => l.colour))];
    if (coloured.length >= rules.synchronicityMinItems && colouredSet.length === coloured.length) {
      conditions.push({ id: 'full-spectrum', ...SYNC_EFFECTS['full-spectrum'], colours: colouredSet });
    }
    if (colouredSet.length === 2)
      conditions.push({ id: 'dual-color', ...SYNC_EFFECTS['dual-color'], colours: colouredSet });
    const types = active.map((l) => l.type);
    if (types.every((t) => t !== undefined && t === types[0]))
      conditions.push({ id: 'mono-type', ...SYNC_EFFECTS['mono-type'] });
  }
  const names = conditions.map((c) => c.label).join(', ') || 'none';
  return {
    conditions,
    counted: active.length,
    ignoredBroken,
    explain: `${active.length} active loot${ignoredBroken.length ? ` (${ignoredBroken.length} broken, ignored)` : ''}: ${names} (ch.14)`,
  };
}

/**
 * A faction's colour signature, which Dual-Color's immunity reads (ch.14; house rule
 * `factionSignature`): every colour the faction's entities bear, in the order first met.
 */
export function factionSignature(faction: string, entities: readonly { faction: string; colour: Colour }[]): Colour[] {
  return [...new Set(entities.filter((e) => e.faction === faction).map((e) => e.colour))];
}
