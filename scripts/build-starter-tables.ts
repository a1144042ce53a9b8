// Writes resources/starter/tables.json: the original starter tables, shaped like the book's
// (ch.5, ch.9, ch.10, ch.12, ch.13) but with entries written for this app.
// Run with: node --import tsx scripts/build-starter-tables.ts
import fs from 'node:fs';
import {
  PACK_FORMAT,
  PACK_VERSION,
  SPELL_SCHOOL_LABEL,
  SPELL_SCHOOLS,
  VESTMENTS,
  tableDefSchema,
  type CastingTime,
  type LootAction,
  type SpellFields,
  type SpellSchool,
  type TableDefInput,
  type TablePack,
} from '../src-shared/tables.ts';

type Colour = 'Red' | 'Blue' | 'Green' | 'Purple' | 'Black' | 'Orange' | 'Colourless' | 'All-Color';
type ItemType =
  'weapon' | 'garment' | 'jewelry' | 'gem' | 'component' | 'consumable' | 'scroll' | 'tool' | 'treasure' | 'relic';

const ADJECTIVES: Record<Colour, string[]> = {
  Red: ['Ember', 'Cinder', 'Scarlet', 'Rust', 'Blister', 'Kiln', 'Brand', 'Ruddy'],
  Blue: ['Brine', 'Frost', 'Tidal', 'Sleet', 'Cobalt', 'Drowned', 'Rime', 'Mist'],
  Green: ['Moss', 'Thorn', 'Sap', 'Bramble', 'Fen', 'Lichen', 'Verdant', 'Reed'],
  Purple: ['Dusk', 'Plum', 'Velvet', 'Hex', 'Bruise', 'Mauve', 'Orchid', 'Omen'],
  Black: ['Soot', 'Tar', 'Grave', 'Pitch', 'Jet', 'Raven', 'Nightfall', 'Hollow'],
  Orange: ['Amber', 'Saffron', 'Lantern', 'Copper', 'Marigold', 'Honey', 'Tawny', 'Dawn'],
  Colourless: ['Ashen', 'Pale', 'Bleached', 'Grey', 'Faded', 'Chalk', 'Bone', 'Wan'],
  'All-Color': ['Prismatic', 'Opaline', 'Kaleid', 'Iridine', 'Spectral', 'Rainbow'],
};
const NOUNS: Record<ItemType, string[]> = {
  weapon: ['Maul', 'Stiletto', 'Hatchet', 'Sickle', 'Flail', 'Spear', 'Cleaver', 'Sling'],
  garment: ['Coat', 'Cowl', 'Mantle', 'Gloves', 'Boots', 'Hauberk', 'Sash', 'Veil'],
  jewelry: ['Ring', 'Earring', 'Necklace', 'Torc', 'Anklet', 'Brooch'],
  gem: ['Shard', 'Teardrop', 'Cabochon', 'Geode', 'Facet', 'Pearl'],
  component: ['Dust', 'Wax', 'Marrow', 'Resin', 'Feather', 'Salt', 'Ink'],
  consumable: ['Tonic', 'Flask', 'Draught', 'Poultice', 'Biscuit', 'Salve'],
  scroll: ['Scroll', 'Vellum', 'Litany', 'Folio'],
  tool: ['Lockpick', 'Lantern', 'Chalk', 'Compass', 'Rope', 'Bell'],
  treasure: ['Coin', 'Chalice', 'Idolet', 'Signet', 'Reliquary'],
  relic: ['Crown', 'Censer', 'Reliquary Hand', 'Astrolabe', 'Mask'],
};
const ACTIONS: Record<ItemType, LootAction[]> = {
  weapon: ['attack', 'equip'],
  garment: ['equip', 'block'],
  jewelry: ['equip', 'inscribe'],
  gem: ['channel', 'inscribe'],
  component: ['consume'],
  consumable: ['consume'],
  scroll: ['consume', 'inscribe'],
  tool: ['equip', 'influence'],
  treasure: ['influence'],
  relic: ['equip', 'channel'],
};
const SCHOOL: Partial<Record<Colour, string>> = {
  Red: 'Elemental',
  Blue: "the Unbound's",
  Green: 'Daedric',
  Purple: 'Arcana',
  Black: 'Demon',
  Orange: 'Celestial',
};

function effect(type: ItemType, tier: number, colour: Colour, n: number): string {
  const school = SCHOOL[colour] ?? "any school's";
  switch (type) {
    case 'weapon':
      return `Attack: ${tier}d6 ${colour === 'Colourless' ? 'Colourless ' : ''}damage${tier === 3 ? '; a natural 6 strikes twice' : ''}.`;
    case 'garment':
      return `While worn: +${tier} Armor${tier > 1 ? ` and +${tier * 3} Health` : ''}. Block once a round.`;
    case 'jewelry':
      return `While worn: +${tier} Magic. One socket for a gem.`;
    case 'gem':
      return `Merge: its holder gains +${tier} to ${['Power', 'Speed', 'Magic'][n % 3]} for as long as the host survives. Channel: +${tier * 2} to all rolls until the dive ends.`;
    case 'component':
      return `Component for ${school} spells (×${tier + 1}).`;
    case 'consumable':
      return `Restores ${tier}d6 Health${n % 2 ? ' and one Sanity level' : ''}. Stackable.`;
    case 'scroll':
      return `Casts one ${school} spell at Magic ${tier * 2}, then crumbles.`;
    case 'tool':
      return `Influence: add 1d${4 + tier * 2} to any roll to open, find or escape.`;
    case 'treasure':
      return `Worth ${tier * 150} gold to a collector. Influence: add 1d${2 + tier * 2} to a loot roll.`;
    case 'relic':
      return `Once a floor: ${['reveal one adjacent room', 'negate one instance of Colourless damage', 'move one room without provoking', 'recover one Sanity level'][n % 4]}.${tier === 3 ? ' Unbreakable.' : ''}`;
  }
}

function pickColour(value: number): Colour {
  // The tier tables colour the depths: Colourless and Red above, Blue and Purple in the middle, Green and Black below (ch.10).
  const band: Colour[] =
    value <= 60
      ? ['Colourless', 'Red', 'Colourless', 'Red', 'Orange', 'Blue', 'Green', 'Purple', 'Black']
      : value <= 100
        ? ['Blue', 'Purple', 'Blue', 'Purple', 'Orange', 'Red', 'Black', 'Green', 'Colourless']
        : ['Green', 'Black', 'Green', 'Black', 'Orange', 'All-Color', 'Purple', 'Blue', 'Red'];
  return band[value % band.length]!;
}

function lootTable(): TableDefInput {
  const types = Object.keys(NOUNS) as ItemType[];
  const used = new Set<string>();
  const rows = Array.from({ length: 121 }, (_, k) => {
    const value = k + 1;
    const tier = value <= 60 ? 1 : value <= 100 ? 2 : 3;
    const colour = pickColour(value);
    const type = types[(value * 7) % types.length]!;
    const adjs = ADJECTIVES[colour];
    const nouns = NOUNS[type];
    let name = '';
    for (let t = 0; t < adjs.length * nouns.length; t++) {
      name = `${adjs[(value + t) % adjs.length]} ${nouns[(value * 3 + t) % nouns.length]}`;
      if (!used.has(name)) break;
    }
    used.add(name);
    return {
      label: name,
      range: { from: value, to: value },
      details: effect(type, tier, colour, value),
      loot: {
        tier: (['common', 'uncommon', 'rare'] as const)[tier - 1]!,
        colour,
        itemType: type,
        actions: ACTIONS[type],
        breakable: !(type === 'relic' && tier === 3),
      },
    };
  });
  return {
    key: 'loot',
    name: 'Tomb Loot Table',
    category: 'loot',
    die: 'd100',
    span: { min: 1, max: 121 },
    starter: true,
    rows,
  };
}

type RoomSpec = [
  string,
  'hall' | 'chamber' | 'vault' | 'antechamber' | 'shrine',
  string,
  string,
  boolean,
  boolean,
  boolean,
  string,
  string,
];
// [name, type, entities, faction, trap, chest, sanity test, gold, description]
const ROOMS: Record<'upper' | 'middle' | 'lower', RoomSpec[]> = {
  // Factions follow the tier's colours (ch.10): Upper Colourless and Red, Middle Blue and Purple, Lower Green and Black.
  upper: [
    ['Empty Antechamber', 'antechamber', '', '', false, false, false, '', 'Swept floor, two shut doors, nothing else.'],
    [
      'Collapsed Ossuary',
      'hall',
      '1d2',
      'Ghoul',
      true,
      false,
      false,
      '',
      'Bones spill from the walls into a narrow crawl.',
    ],
    ['Mourners’ Hall', 'hall', '1', 'Phantom', false, false, false, '1d6x5', 'Benches face an empty bier.'],
    ['Tallow Chapel', 'shrine', '', '', false, false, false, '', 'Stub candles still warm; a safe place to breathe.'],
    [
      'Rat-king Nest',
      'chamber',
      '1d3',
      'Ghoul',
      false,
      true,
      false,
      '',
      'A knot of tails and teeth guards a cracked coffer.',
    ],
    [
      'Burial Alcoves',
      'chamber',
      '2',
      'Phantom',
      true,
      false,
      false,
      '1d6x10',
      'Niches in rows, some of them empty too recently.',
    ],
    [
      'Whispering Stair',
      'antechamber',
      '1',
      'Phantom',
      false,
      false,
      true,
      '',
      'Voices count the steps with you, and miscount.',
    ],
    [
      'Sexton’s Storeroom',
      'vault',
      '1d2',
      'Ghoul',
      false,
      true,
      false,
      '2d6x10',
      'Shovels, lamp oil, and a locked strongbox.',
    ],
    ['Flooded Crypt', 'chamber', '1d3', 'Ghoul', true, false, false, '', 'Knee-deep black water hides the floor.'],
    [
      'Coin Cellar',
      'vault',
      '1d3',
      'any',
      false,
      true,
      false,
      '3d6x10',
      'Offerings heaped by generations of the grieving.',
    ],
    ['Quiet Cloister', 'shrine', '', '', false, false, false, '', 'A square of dead garden open to a false sky.'],
    [
      'Ghoul Larder',
      'chamber',
      '1d3+1',
      'Ghoul',
      true,
      true,
      true,
      '2d6x10',
      'Hooks, salt barrels, and a smell that stays.',
    ],
  ],
  middle: [
    [
      'Colourless Antechamber',
      'antechamber',
      '1',
      'any',
      false,
      false,
      true,
      '',
      'Every hue drains from whatever enters.',
    ],
    ['Hall of Chains', 'hall', '2', 'Maw', true, false, false, '', 'Chains hang taut toward something unseen.'],
    [
      'Drowned Library',
      'chamber',
      '1d3',
      'Phantom',
      false,
      true,
      false,
      '2d6x10',
      'Swollen books; one page still legible.',
    ],
    ['Blue Fountain', 'shrine', '', '', false, false, false, '', 'Cold clear water that tastes of nothing.'],
    [
      'Flooded Kitchen',
      'chamber',
      '1d2+1',
      'Maw',
      true,
      false,
      false,
      '2d6x10',
      'A cauldron big enough to climb into.',
    ],
    ['Mirror Gallery', 'hall', '1d2', 'Phantom', false, false, true, '', 'Reflections arrive a moment late.'],
    [
      'Reliquary Vault',
      'vault',
      '1d3+1',
      'any',
      true,
      true,
      false,
      '4d6x10',
      'Saints’ fingers in glass, and their gold.',
    ],
    ['Purple Nave', 'chamber', '1d3', 'Maw', false, true, false, '', 'Violet light leaks from cracks in the altar.'],
    [
      'Gatehouse Ruin',
      'antechamber',
      '1d2',
      'Phantom',
      true,
      false,
      false,
      '1d6x10',
      'A portcullis half down, its winch smashed.',
    ],
    [
      'Bone Orchard',
      'vault',
      '2d2',
      'Phantom',
      false,
      false,
      true,
      '3d6x10',
      'Ribcages planted in rows like saplings.',
    ],
    ['Pilgrims’ Rest', 'shrine', '', '', false, false, false, '', 'Old bedrolls and a scratched prayer on the wall.'],
    ['Maw Pit', 'chamber', '1d3+1', 'Maw', true, true, true, '2d6x10', 'The floor is a throat; the walls are teeth.'],
  ],
  lower: [
    ['Empty Antechamber', 'antechamber', '', '', false, false, false, '', 'Too clean. Something tidied it.'],
    ['Obsidian Hall', 'hall', '2', 'Demon', true, false, true, '', 'Black glass underfoot shows the room above.'],
    ['Green Vault', 'vault', '2d3', 'any', true, true, false, '6d6x10', 'Moss grows on the coins and nowhere else.'],
    [
      'Giants’ Refectory',
      'chamber',
      '1d2+2',
      'Zombie',
      false,
      true,
      false,
      '3d6x10',
      'Tables carved from single coffin lids.',
    ],
    ['Shrine of the Last Candle', 'shrine', '', '', false, false, false, '', 'One candle that never burns down.'],
    ['Choir of Hollows', 'chamber', '1d3+1', 'Zombie', false, false, true, '', 'Empty robes sing in parts.'],
    ['Demon Forge', 'chamber', '1d3+1', 'Demon', true, true, false, '4d6x10', 'Anvils still ring without hammers.'],
    ['Throat Gallery', 'hall', '2', 'Demon', true, false, false, '', 'A corridor that swallows slowly.'],
    [
      'Colourless Antechamber',
      'antechamber',
      '1d2',
      'any',
      false,
      false,
      true,
      '',
      'Grey creeps up the boots of whoever waits here.',
    ],
    [
      'Necropolis Square',
      'vault',
      '2d3',
      'Zombie',
      false,
      true,
      true,
      '5d6x10',
      'A buried town square, its dead still queuing.',
    ],
    [
      'Ninth Stair',
      'antechamber',
      '1d2',
      'Zombie',
      true,
      false,
      false,
      '2d6x10',
      'The way down is always one more flight.',
    ],
    [
      'Lich’s Antechapel',
      'chamber',
      '1d3+2',
      'any',
      true,
      true,
      true,
      '6d6x10',
      'Every surface faces the floor below.',
    ],
  ],
};

function roomTable(tier: 'upper' | 'middle' | 'lower'): TableDefInput {
  const labels = {
    upper: 'Upper Tombs Rooms (Floors 1-3)',
    middle: 'Middle Tombs Rooms (Floors 4-6)',
    lower: 'Lower Tombs Rooms (Floors 7-9)',
  };
  return {
    key: `rooms-${tier}`,
    name: labels[tier],
    category: 'room',
    die: 'd12',
    starter: true,
    rows: ROOMS[tier].map(([name, roomType, entities, faction, trap, chest, sanityTest, gold, description], i) => ({
      label: name,
      range: { from: i + 1, to: i + 1 },
      details: description,
      // ch.10: a Rest room after a Sanity Break on the floor is impossible, and re-rolled.
      room: {
        roomType,
        entities,
        faction: faction as '',
        trap,
        chest,
        sanityTest,
        gold,
        impossibleWhen: roomType === 'shrine' ? ('sanity-break' as const) : ('' as const),
      },
    })),
  };
}

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

function entityTable(tier: 'upper' | 'middle' | 'lower'): TableDefInput {
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

const simple = (
  key: string,
  name: string,
  die: string,
  entries: [string, string][],
  category: 'event' | 'custom' = 'event',
): TableDefInput => ({
  key,
  name,
  category,
  die,
  starter: true,
  rows: entries.map(([label, details], i) => ({ label, details, range: { from: i + 1, to: i + 1 } })),
});

const EVENTS: TableDefInput[] = [
  simple('inn-events', 'Inn Events', 'd12', [
    ['Brawl in the common room', 'Each patron pays 12 gold in damages or spends the night in the stocks.'],
    ['Spoiled stew', 'Meals today restore nothing; the Inn refunds half.'],
    ['Rats in the rafters', 'Shelter tonight is uneasy: Sanity does not recover.'],
    ['A stranger asks too many questions', 'The Judge notes one secret the stranger learned.'],
    ['Leaking roof', 'Shelter costs 12 gold more today.'],
    ['Quiet evening', 'Nothing of note.'],
    ['A travelling fiddler', 'Everyone who eats here tonight recovers one Sanity level on rest.'],
    ['Rumour of the deep', 'Reveal the type of one room on any floor the party has reached.'],
    ['Generous patron', 'One Lichslayer’s meal today is paid for.'],
    ['Retired diver’s stories', '+1 to the next Challenge roll in the Tombs.'],
    ['Feast night', 'Meals cost half today and count as two days fed.'],
    ['The keeper’s favour', 'A free night of shelter and meal for the whole party.'],
  ]),
  simple('smith-events', 'Smith Weekly Events', 'd8', [
    ['Coal shortage', 'All Smith prices +20 % this week.'],
    ['Bad temper', 'The Smith refuses one colour of work this week (roll the disposition die).'],
    ['Drift toward a colour', 'One distrusted colour becomes neutral.'],
    ['Ordinary week', 'Nothing changes.'],
    ['Fresh ore', 'Armor repairs cost 30 gold a point this week.'],
    ['Apprentice hired', 'Recolouring takes no Stone this week, but a second item per day.'],
    ['A favour remembered', 'One favoured colour gains a further −10 %.'],
    ['Masterwork mood', 'One broken item is repaired free this week.'],
  ]),
  simple('retainer-events', 'Retainer Daily Roll', 'd8', [
    ['Desertion', 'The least loyal Retainer leaves in the night.'],
    ['Grumbling', 'One Retainer shifts down a loyalty state.'],
    ['Drunk on duty', 'One Retainer misses the next dive.'],
    ['Routine', 'Nothing happens.'],
    ['Routine', 'Nothing happens.'],
    ['Sharp eyes', 'One Retainer shares a piece of floor intelligence early.'],
    ['Pride in the work', 'One Retainer shifts up a loyalty state.'],
    ['Sworn oath', 'One Retainer becomes Devoted.'],
  ]),
  simple('forest-conditions', 'Forest Daily Conditions', 'd6', [
    ['Colourless drift', 'Grey mist: all colour effects halved today.'],
    ['Thorn-tide', 'Every move between clearings costs 1d6 Health.'],
    ['Still', 'Nothing stirs.'],
    ['Birdsong', 'Flora are easy to find: one extra Flora roll.'],
    ['Great Being abroad', 'A Celestial or Daedric Being may be met today.'],
    ['The Giver wakes', 'The Giver can be found and fed today.'],
  ]),
  // ch.17: the Phenomena are the Forest's state for the day and the Great Being wandering it; the
  // "being" column (celestial or daedric) is what the Attention halves (ch.5).
  {
    key: 'phenomena',
    name: 'Forest Phenomena',
    category: 'event',
    die: 'd6',
    starter: true,
    rows: (
      [
        [
          'Ember haze',
          'A warm red mist hangs low. The Cinder Stag, a Daedric Being (Red), grazes on burnt clover.',
          'daedric',
          'Red',
        ],
        [
          'Tide of dew',
          'Every leaf drips blue. The Veiled Heron, a Celestial Being (Blue), wades the streams and answers in riddles.',
          'celestial',
          'Blue',
        ],
        [
          'Overgrowth',
          'Paths close behind the party. The Bramble Mother, a Daedric Being (Green), tends her thorns and hates the axe.',
          'daedric',
          'Green',
        ],
        [
          'Dusk at noon',
          'The light turns violet for the day. The Lantern Owl, a Celestial Being (Purple), watches from the high boughs.',
          'celestial',
          'Purple',
        ],
        [
          'Deep hush',
          'No bird sings. The Hollow Hart, a Daedric Being (Black), walks where the shadows are longest.',
          'daedric',
          'Black',
        ],
        [
          'Golden hour',
          'Amber light all day long. The Sun Warden, a Celestial Being (Orange), keeps the old clearings.',
          'celestial',
          'Orange',
        ],
      ] as const
    ).map(([label, details, being, colour], i) => ({
      label,
      details,
      range: { from: i + 1, to: i + 1 },
      fields: { being, colour },
    })),
  },
  // ch.17: Flora are Forest loot: consumed, or components for the Giver's Recipes matched by colour.
  {
    key: 'flora',
    name: 'Forest Flora',
    category: 'loot',
    die: 'd12',
    starter: true,
    rows: (
      [
        ['Ashbloom', 'Red', 'Consume: restore 1d6 Health. Component for the Giver’s Recipes (Red).'],
        ['Brine lily', 'Blue', 'Consume: +1 Magic until the day ends. Component for the Giver’s Recipes (Blue).'],
        ['Mossheart', 'Green', 'Consume: cure Poison. Component for the Giver’s Recipes (Green).'],
        [
          'Duskcap',
          'Purple',
          'A fungus. Consume: one Sanity level back, then −1 to rolls for an hour. Component (Purple).',
        ],
        ['Tarroot', 'Black', 'A fungus. Consume: +1 to the next roll. Component for the Giver’s Recipes (Black).'],
        ['Sunpetal', 'Orange', 'Consume: +1 Armor until rest. Component for the Giver’s Recipes (Orange).'],
        [
          'Greyweed',
          'Colourless',
          'A fungus the Giver likes. Consume: nothing. Component for a Recipe that names no colour.',
        ],
        ['Thimble thistle', 'Green', 'Consume: +2 to the next Challenge. Component for the Giver’s Recipes (Green).'],
        ['Candlemoss', 'Orange', 'A fungus that glows for a day. Component for the Giver’s Recipes (Orange).'],
        ['Widow’s lace', 'Black', 'Poison: 1d6 ongoing damage to whoever eats it. Component (Black).'],
        ['Veilflower', 'Purple', 'Consume: see one hidden room. Component for the Giver’s Recipes (Purple).'],
        ['Prism orchid', 'All-Color', 'Counts as any colour for a Recipe. Consume: one Sanity level back.'],
      ] as const
    ).map(([label, colour, details], i) => ({
      label,
      details,
      range: { from: i + 1, to: i + 1 },
      loot: {
        tier: 'common' as const,
        colour,
        itemType: 'component' as const,
        actions: ['consume', 'equip'] as LootAction[],
        breakable: true,
      },
    })),
  },
  // ch.17: the Stones by d6 face, one per colour; all are gems; Sapphire and Emerald stack ×3.
  {
    key: 'stones',
    name: 'Forest Stones',
    category: 'loot',
    die: 'd6',
    starter: true,
    rows: (
      [
        ['Ruby', 'Red', '+1 Magic, +1 Speed.', 6],
        ['Sapphire', 'Blue', '+2 Speed, +2 Magic.', 3],
        ['Amethyst', 'Purple', '+1 Power, +1 Health.', 6],
        ['Emerald', 'Green', '+2 Speed, +1 Magic.', 3],
        ['Topaz', 'Orange', 'Casts Gold Lightning (×6).', 6],
        ['Obsidian', 'Black', '+2 Power. Resistant to Black damage.', 6],
      ] as const
    ).map(([label, colour, details, stackMax], i) => ({
      label,
      details: `${details} A Stone from a Forest vein; recolours an item to ${colour} at the Smith.`,
      range: { from: i + 1, to: i + 1 },
      loot: {
        tier: 'common' as const,
        colour,
        itemType: 'gem' as const,
        actions: ['equip', 'consume', 'channel'] as LootAction[],
        breakable: true,
        ...(stackMax < 6 ? { stackMax } : {}),
      },
    })),
  },
  simple('familiars', 'Familiars', 'd8', [
    ['Grave moth', 'Flits ahead: reveals whether an adjacent room holds enemies.'],
    ['Bone rat', 'Squeezes through walls; carries one small item.'],
    ['Lantern cat', 'Lights the room; enemies gain no surprise.'],
    ['Ink crow', 'Repeats one word it heard on this floor.'],
    ['Salt toad', 'Its croak warns of traps in the current room.'],
    ['Ash hound', 'Tracks a fleeing enemy one room.'],
    ['Mirror newt', 'Shows the true colour of one entity.'],
    ['Will-o’-wisp', 'Guides the party back to the stair.'],
  ]),
  simple('square-events', 'Square Events', 'd6', [
    ['Empty square', 'The Square empties: −1 to floor rolls until reversed.'],
    ['Market day', 'Inn prices −12 gold tomorrow.'],
    ['Preacher', 'Each Lichslayer at Lost makes a Sanity Challenge (target 12).'],
    ['Watch drills', 'The Square Watch counter rises by one.'],
    ['Procession', '+1 to all rolls tomorrow for contributors.'],
    ['Festival', 'A Festival: +2 to floor rolls for one day.'],
  ]),
];

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

const trapTable = (tier: 'upper' | 'middle' | 'lower'): TableDefInput => ({
  key: `traps-${tier}`,
  name: `Traps: ${['Upper', 'Middle', 'Lower'][{ upper: 0, middle: 1, lower: 2 }[tier]]} Tombs`,
  category: 'event',
  die: 'd6',
  starter: true,
  rows: TRAPS[tier].map(([label, details, trap], i) => ({ label, details, range: { from: i + 1, to: i + 1 }, trap })),
});

// Spells per school (ch.15): original starter entries. Cost in gold, a casting time, the dice
// rolled when the spell resolves, and what must be worn or carried. Daedric Magic is cast on the
// Forest path only: whole recipes of a flower and a fungus from the Flora table, no gold (ch.17).
// The Giver's Recipes cost Health; Flora of their colour raise M and are not required (ch.17).
type SpellExtra = Partial<
  Pick<SpellFields, 'vestment' | 'component' | 'healthCost' | 'path' | 'recipe' | 'flora' | 'grantedBy'>
> & { rollOn?: string };
type SpellSpec = [
  label: string,
  details: string,
  cost: number,
  time: CastingTime,
  roll: string,
  addsMagic: boolean,
  extra?: SpellExtra,
];
const forest = (flower: string, fungus = 'Duskcap'): SpellExtra => ({ path: 'forest', recipe: [flower, fungus] });
const SPELLS: Record<SpellSchool, SpellSpec[]> = {
  lich: [
    ['Grey Hush', 'Every character in the target room loses their next Response.', 0, 'on-turn', '', false],
    [
      'Drain of Colour',
      'One item of the target loses its colour until the round ends; Colourless damage.',
      0,
      'on-turn',
      '2d6',
      true,
    ],
    ['Hollow Summons', 'One defeated entity of the floor stands again at half Health.', 0, 'end-round', '', false],
    ['Ash Bell', 'Everyone in the room rolls a Sanity Challenge, target 12.', 0, 'start-next-round', '', false],
    ['Pale Grasp', 'Colourless damage to one character; Armor does not stop it.', 0, 'on-turn', '3d6', true],
    [
      'The Quiet Word',
      'The target passes a Sanity Challenge, target 18, or drops two levels.',
      0,
      'next-turn',
      '',
      false,
    ],
  ],
  demon: [
    ['Cinder Lash', 'Black damage to one target in the room.', 36, 'on-turn', '2d6', true],
    [
      'Crush',
      'Breaks one Armor point of the target outright; reduces the Phylactery to 0 when cast inside its room.',
      144,
      'next-turn',
      '',
      false,
    ],
    ['Pact of Blood', 'The caster loses 6 Health; the next attack this round adds 3d6.', 12, 'on-turn', '3d6', false],
    ['Smoke Stair', 'The caster moves to any revealed room of the floor.', 24, 'response', '', false],
    [
      'Burning Floor',
      'The room burns: everyone in it takes 1d6 each round it lasts (not an instance).',
      48,
      'end-round',
      '1d6',
      false,
    ],
    ['Horned Echo', 'Repeat the last Demon spell cast this round at no cost.', 60, 'start-next-round', '', false],
  ],
  celestial: [
    ['Dawn Mend', 'Restore Health to one character.', 24, 'on-turn', '2d6', true],
    [
      'Restore',
      'Lifts a turning from one character (ch.16), and one broken item works again until the dive ends.',
      120,
      'next-turn',
      '',
      false,
    ],
    ['Halo Ward', 'Each ally in the room gains 1 Armor, up to its maximum.', 36, 'start-next-round', '', false],
    ['Sun Needle', 'Orange damage to one target; double against Zombies.', 30, 'on-turn', '2d6', true],
    ['Quiet Mind', 'One character climbs one Sanity level.', 48, 'end-round', '', false],
    ['Skyward Step', 'Answer an attack by stepping out of its reach: it misses.', 18, 'response', '', false],
  ],
  arcana: [
    ['Reorder', 'Swap two entrants on the turn stack.', 24, 'on-turn', '', false],
    [
      'Haste Thread',
      'One ally gains an extra turn this round, at the bottom of the stack.',
      48,
      'end-round',
      '',
      false,
    ],
    ['Stall', 'One entity loses its next turn.', 36, 'response', '', false],
    ['Second Hand', 'The caster acts first next round.', 30, 'start-next-round', '', false],
    ['Mirror Bolt', 'Purple damage to one target.', 24, 'on-turn', '2d6', true],
    ['Loop', 'The caster’s last action happens again at the start of their next turn.', 60, 'next-turn', '', false],
  ],
  daedric: [
    [
      'Cleanse',
      'Removes Zombies from the room; a turned character counts as one (ch.16). A player-killing when it strikes one.',
      0,
      'on-turn',
      '4d6',
      true,
      forest('Veilflower'),
    ],
    [
      'Call Elemental Spirit',
      'A spirit joins the stack until the floor is left.',
      0,
      'end-round',
      '',
      false,
      { ...forest('Ashbloom'), rollOn: 'spirits-elemental' },
    ],
    [
      'Call Wild Spirit',
      'A wild spirit joins the stack for three rounds.',
      0,
      'start-next-round',
      '',
      false,
      { ...forest('Thimble thistle'), rollOn: 'spirits-wild' },
    ],
    ['Root Bind', 'One entity cannot leave its room next round.', 0, 'on-turn', '', false, forest('Mossheart')],
    ['Green Tide', 'Green damage to every entity in the room.', 0, 'next-turn', '2d6', true, forest('Brine lily')],
    ['Bark Skin', 'Answer a hit: its damage is halved.', 0, 'response', '', false, forest('Sunpetal')],
  ],
  unbound: [
    [
      'Null Zone',
      'No spell resolves in the room until the round ends.',
      72,
      'on-turn',
      '',
      false,
      { vestment: 'Whisper-Blade' },
    ],
    [
      'Melt in Shadow',
      'The caster leaves the turn stack until their next turn and cannot be targeted.',
      48,
      'response',
      '',
      false,
      { vestment: 'The Unbound’s Mantle' },
    ],
    [
      'Banish',
      'One entity of the room leaves the floor.',
      96,
      'next-turn',
      '',
      false,
      { vestment: 'The Unbound’s Best Bracelet' },
    ],
    [
      'Reanimate',
      'A defeated ally rises with 1d6 × Magic Health.',
      108,
      'end-round',
      '1d6',
      true,
      { vestment: 'The Unbound’s Scroll' },
    ],
    [
      'Blaze',
      'Blue fire strikes every enemy in the room.',
      60,
      'on-turn',
      '3d6',
      true,
      { vestment: 'The Unbound’s Coat of Arms' },
    ],
    [
      'Sludge',
      'The room becomes mire: every entity there moves last next round.',
      36,
      'start-next-round',
      '',
      false,
      { vestment: 'Candles' },
    ],
    [
      'One-Thousand Blades',
      'Blades fill the floor: every enemy on it is struck.',
      360,
      'end-round',
      '6d6',
      true,
      { vestment: 'all' },
    ],
  ],
  giver: [
    ['Petal Broth', 'Restore Health to one character.', 0, 'on-turn', '2d6', true, { healthCost: 6, flora: 'Red' }],
    [
      'Sap Poultice',
      'Mend one broken item until the dive ends.',
      0,
      'end-round',
      '',
      false,
      { healthCost: 6, flora: 'Green' },
    ],
    [
      'Rootwine',
      'One character climbs one Sanity level.',
      0,
      'next-turn',
      '',
      false,
      { healthCost: 12, flora: 'Purple' },
    ],
    [
      'Seed of Colour',
      'One Colourless item takes the colour of the caster’s Gear until the dive ends.',
      0,
      'start-next-round',
      '',
      false,
      { healthCost: 6, flora: 'Orange' },
    ],
    [
      'Thorn Answer',
      'Answer a hit: the attacker takes 1d6.',
      0,
      'response',
      '1d6',
      false,
      { healthCost: 3, flora: 'Black' },
    ],
    [
      'The Giver’s Gift',
      'Every ally in the room restores Health.',
      0,
      'end-round',
      '1d6',
      true,
      { healthCost: 12, flora: 'Blue' },
    ],
  ],
};

function spellTable(school: SpellSchool): TableDefInput {
  const specs = SPELLS[school];
  const die = specs.length <= 6 ? 'd6' : 'd8';
  return {
    key: `spells-${school}`,
    name: `Spells: ${SPELL_SCHOOL_LABEL[school]}`,
    category: 'spell',
    die,
    starter: true,
    rows: specs.map(([label, details, cost, castingTime, roll, addsMagic, extra], i) => {
      const { rollOn, ...fields } = extra ?? {};
      return {
        label,
        details,
        range: i === specs.length - 1 && die === 'd8' ? { from: i + 1, to: 8 } : { from: i + 1, to: i + 1 },
        spell: { school, cost, castingTime, roll, addsMagic, ...fields },
        ...(rollOn ? { rollOn: { table: rollOn, times: 1, modifier: 0 } } : {}),
      };
    }),
  };
}

// The Daedric school's spirits (ch.15: Elemental Spirits 1d6, Wild Spirits 1d6): original entries.
const SPIRITS: TableDefInput[] = [
  {
    key: 'spirits-elemental',
    name: 'Daedric: Elemental Spirits',
    category: 'event',
    die: 'd6',
    starter: true,
    rows: [
      ['Cinder sprite', 'Red. Health 12, Armor 1; its touch burns for 1d6 each round it clings.'],
      ['Tide wraith', 'Blue. Health 18, Armor 2; pushes one enemy a room away.'],
      ['Moss giant', 'Green. Health 30, Armor 3; blocks a doorway while it stands.'],
      ['Dusk wisp', 'Purple. Health 6, Armor 0; swaps two entrants on the turn stack once.'],
      ['Tar elemental', 'Black. Health 24, Armor 2; attacks for 2d6.'],
      ['Amber moth swarm', 'Orange. Health 12, Armor 0; every enemy in the room takes 1d6 at the round’s end.'],
    ].map(([label, details], i) => ({ label: label!, details: details!, range: { from: i + 1, to: i + 1 } })),
  },
  {
    key: 'spirits-wild',
    name: 'Daedric: Wild Spirits',
    category: 'event',
    die: 'd6',
    starter: true,
    rows: [
      ['Bramble hare', 'Health 6; darts ahead and reveals one adjacent room.'],
      ['Grey stag', 'Health 18, Armor 1; carries one ally a room away.'],
      ['Owl of the long night', 'Health 6; the party cannot be surprised while it lives.'],
      ['Boar of the roots', 'Health 24, Armor 2; charges for 2d6.'],
      ['Fox of many tails', 'Health 12; steals one item from an enemy (the Judge picks).'],
      ['Old bear', 'Health 36, Armor 3; attacks for 3d6, then leaves at the round’s end.'],
    ].map(([label, details], i) => ({ label: label!, details: details!, range: { from: i + 1, to: i + 1 } })),
  },
];

// The Unbound Vestments (ch.15), in the book's d6 order: loot entries, so a found Vestment is Blue and
// takes its fates; loot.vestment rolls which one is found.
const VESTMENT_ROWS: [ItemType, string][] = [
  ['weapon', 'Attack: 2d6 Blue damage. Null Zone may be cast while it is held.'],
  ['garment', 'While worn: +1 Armor. Melt in Shadow may be cast while it is worn.'],
  ['jewelry', 'While worn: +1 Magic. Banish may be cast while it is worn.'],
  ['scroll', 'Reanimate may be cast while it is held.'],
  ['garment', 'While worn: +2 Armor. Blaze may be cast while it is worn.'],
  ['tool', 'Sludge may be cast while they are held.'],
];
const vestmentTable: TableDefInput = {
  key: 'vestments',
  name: 'The Unbound Vestments',
  category: 'loot',
  die: 'd6',
  starter: true,
  rows: VESTMENTS.map((label, i) => ({
    label,
    details: VESTMENT_ROWS[i]![1],
    range: { from: i + 1, to: i + 1 },
    loot: {
      tier: 'rare',
      colour: 'Blue',
      itemType: VESTMENT_ROWS[i]![0],
      actions: ACTIONS[VESTMENT_ROWS[i]![0]].filter((a) => a !== 'consume' && a !== 'channel'),
      breakable: true,
    },
  })),
};

const pack: TablePack = {
  format: PACK_FORMAT,
  version: PACK_VERSION,
  name: 'Lichslayer Judge starter tables (original content, not from the rulebook)',
  tables: [
    lootTable(),
    roomTable('upper'),
    roomTable('middle'),
    roomTable('lower'),
    entityTable('upper'),
    entityTable('middle'),
    entityTable('lower'),
    ...EVENTS,
    trapTable('upper'),
    trapTable('middle'),
    trapTable('lower'),
    ...SPELL_SCHOOLS.map(spellTable),
    ...SPIRITS,
    vestmentTable,
  ].map((t) => tableDefSchema.parse(t)),
};
fs.writeFileSync(new URL('../resources/starter/tables.json', import.meta.url), JSON.stringify(pack, null, 1) + '\n');
console.log(`wrote ${pack.tables.length} tables, ${pack.tables.reduce((a, t) => a + t.rows.length, 0)} rows`);
