import type { TableDefInput } from '../../src-shared/tables.ts';

// Traps per tier (ch.9): a d6 each, and every row's effect as the fields the app applies on entry.
type TrapSpec = [
  string,
  string,
  {
    damage?: string;
    ongoing?: boolean;
    rounds?: number;
    bypassArmor?: boolean;
    challenge?: { target: number; sanity?: boolean };
    loseTurn?: boolean;
  },
];
const TRAPS: Record<'upper' | 'middle' | 'lower', TrapSpec[]> = {
  upper: [
    ['Loose flagstone', '1d6 damage, one instance.', { damage: '1d6' }],
    [
      'Poison dart',
      '1d6 ongoing damage for two rounds: Armor does not answer it.',
      { damage: '1d6', ongoing: true, rounds: 2 },
    ],
    [
      'Bone snare',
      'A Challenge (target 6) slips it; otherwise the next turn is lost.',
      { challenge: { target: 6 }, loseTurn: true },
    ],
    ['Falling urn', '1d6 damage, one instance.', { damage: '1d6' }],
    [
      'Dust of sleep',
      'A Challenge (target 6) stays awake; otherwise the next turn is lost.',
      { challenge: { target: 6 }, loseTurn: true },
    ],
    ['Rusted pit', '2d6 damage, one instance.', { damage: '2d6' }],
  ],
  middle: [
    ['Scything blade', '2d6 damage, one instance.', { damage: '2d6' }],
    ['Cold fire', '1d6 ongoing damage for two rounds.', { damage: '1d6', ongoing: true, rounds: 2 }],
    ['Swinging censer', '2d6 damage, one instance; the Judge may knock a held item loose.', { damage: '2d6' }],
    [
      'Mirror glare',
      'A Sanity Challenge (target 12); a failure also loses the next turn.',
      { challenge: { target: 12, sanity: true }, loseTurn: true },
    ],
    ['Collapsing stair', '2d6 damage; the Judge may drop the victim into a neighbouring room.', { damage: '2d6' }],
    [
      'Grasping hands',
      'A Challenge (target 12) breaks free; otherwise the next turn is lost.',
      { challenge: { target: 12 }, loseTurn: true },
    ],
  ],
  lower: [
    ['Obsidian spikes', '3d6 damage, one instance.', { damage: '3d6' }],
    ['Colourless gas', 'A Sanity Challenge (target 18).', { challenge: { target: 18, sanity: true } }],
    ['Crushing ceiling', '3d6 damage; Armor cannot answer it.', { damage: '3d6', bypassArmor: true }],
    ['Soul hook', '2d6 ongoing damage for two rounds.', { damage: '2d6', ongoing: true, rounds: 2 }],
    ['Black flame', '2d6 ongoing damage for two rounds.', { damage: '2d6', ongoing: true, rounds: 2 }],
    ['Lich’s eye', 'The Lich notices: a Sanity Challenge (target 18).', { challenge: { target: 18, sanity: true } }],
  ],
};

export const trapTable = (tier: 'upper' | 'middle' | 'lower'): TableDefInput => ({
  key: `traps-${tier}`,
  name: `Traps: ${['Upper', 'Middle', 'Lower'][{ upper: 0, middle: 1, lower: 2 }[tier]]} Tombs`,
  category: 'event',
  die: 'd6',
  starter: true,
  rows: TRAPS[tier].map(([label, details, trap], i) => ({ label, details, range: { from: i + 1, to: i + 1 }, trap })),
});
