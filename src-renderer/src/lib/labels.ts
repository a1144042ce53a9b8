import type { SanityLevel } from '@shared/gauntlet.ts';

export const SANITY_LABELS: Record<SanityLevel, string> = {
  whole: 'Whole',
  strange: 'Strange',
  edge: 'Edge',
  paranoid: 'Paranoid',
  lost: 'Lost',
};

export const SLOT_LABELS = {
  gear: 'Gear',
  garment: 'Garment',
  accessory: 'Accessory',
  loot1: 'Loot 1',
  loot2: 'Loot 2',
  loot3: 'Loot 3',
  loot4: 'Loot 4',
  loot5: 'Loot 5',
  loot6: 'Loot 6',
  medicine1: 'Medicine 1',
  medicine2: 'Medicine 2',
  medicine3: 'Medicine 3',
} as const;
