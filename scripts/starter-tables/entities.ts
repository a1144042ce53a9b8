// The starter entity tables, one per tier.
import type { Colour } from './loot.ts';
import type { TableDefInput } from '../../src-shared/tables.ts';

// ch.10: each tier's entities wear its two colours — Upper Colourless and Red, Middle Blue and Purple,
// Lower Green and Black. [name, faction, colour, flags]
type EntitySpec = [
  string,
  'Ghoul' | 'Zombie' | 'Phantom' | 'Demon' | 'Maw',
  Colour,
  { bypassArmor?: boolean; lichType?: boolean; sanityOnHit?: number; sanityAbility?: number }?,
];
const ENTITIES: Record<'upper' | 'middle' | 'lower', EntitySpec[]> = {
  upper: [
    ['Gnawer', 'Ghoul', 'Red'],
    ['Crypt Scavenger', 'Ghoul', 'Red'],
    ['Marrow Thief', 'Ghoul', 'Red'],
    ['Ghoul Matron', 'Ghoul', 'Red'],
    ['Feaster', 'Ghoul', 'Red'],
    ['Ghast Lord', 'Ghoul', 'Red', { bypassArmor: true }],
    ['Pale Wisp', 'Phantom', 'Colourless'],
    ['Weeping Shade', 'Phantom', 'Colourless', { sanityAbility: 6 }],
    ['Grey Mourner', 'Phantom', 'Colourless'],
    ['Faded Bride', 'Phantom', 'Colourless', { sanityAbility: 12 }],
    ['Ashen Knight', 'Phantom', 'Colourless'],
    ['Bone-white Abbess', 'Phantom', 'Colourless', { lichType: true }],
  ],
  middle: [
    ['Lantern Ghost', 'Phantom', 'Blue'],
    ['Brine Shade', 'Phantom', 'Blue'],
    ['Hollow Bride', 'Phantom', 'Blue', { sanityAbility: 12 }],
    ['Echo Knight', 'Phantom', 'Blue'],
    ['Drowned Cantor', 'Phantom', 'Blue'],
    ['Banshee Abbess', 'Phantom', 'Blue', { sanityAbility: 18 }],
    ['Gulper', 'Maw', 'Purple'],
    ['Tooth Swarm', 'Maw', 'Purple'],
    ['Hungry Doorway', 'Maw', 'Purple'],
    ['Maw Hound', 'Maw', 'Purple'],
    ['Swallower', 'Maw', 'Purple', { bypassArmor: true }],
    ['The Endless Mouth', 'Maw', 'Purple'],
  ],
  lower: [
    ['Gravewalker', 'Zombie', 'Green'],
    ['Stitched Brute', 'Zombie', 'Green'],
    ['Plague Deacon', 'Zombie', 'Green'],
    ['Moss Colossus', 'Zombie', 'Green'],
    ['Rot Colossus', 'Zombie', 'Green'],
    ['Lich-sworn Warden', 'Zombie', 'Green', { lichType: true, sanityOnHit: 12 }],
    ['Imp', 'Demon', 'Black'],
    ['Ash Fiend', 'Demon', 'Black'],
    ['Chain Devil', 'Demon', 'Black'],
    ['Brass Tormentor', 'Demon', 'Black'],
    ['Pit Herald', 'Demon', 'Black', { bypassArmor: true }],
    ['Obsidian Duke', 'Demon', 'Black', { sanityAbility: 18 }],
  ],
};

export function entityTable(tier: 'upper' | 'middle' | 'lower'): TableDefInput {
  const t = { upper: 0, middle: 1, lower: 2 }[tier];
  const rows = ENTITIES[tier].map(([name, faction, colour, flags], i) => {
    const level = 1 + t * 3 + Math.floor((i % 6) / 2);
    return {
      label: name,
      range: { from: i + 1, to: i + 1 },
      details: `${faction} of the ${['Upper', 'Middle', 'Lower'][t]} Tombs.`,
      entity: {
        faction,
        colour,
        level,
        health: 6 * level + (faction === 'Zombie' ? 6 : faction === 'Phantom' ? -3 : 0),
        armor: Math.max(0, level - (faction === 'Phantom' ? 2 : 1)),
        speed: faction === 'Phantom' || faction === 'Maw' ? 6 + level : 6 + Math.floor(level / 2),
        attack: `${1 + Math.floor(level / 3)}d6`,
        ...(flags ?? {}),
      },
    };
  });
  return {
    key: `entities-${tier}`,
    name: `${['Upper', 'Middle', 'Lower'][t]} Tombs Entities`,
    category: 'entity',
    die: 'd12',
    starter: true,
    rows,
  };
}
