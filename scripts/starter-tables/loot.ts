// The starter loot table and the Unbound Vestments: names, colours and effects built from parts.
import { VESTMENTS, type LootAction, type TableDefInput } from '../../src-shared/tables.ts';

export type Colour = 'Red' | 'Blue' | 'Green' | 'Purple' | 'Black' | 'Orange' | 'Colourless' | 'All-Color';
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

export function lootTable(): TableDefInput {
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
  // Starting loot is 1d100 − 40 three times (ch.1), so row 1 comes up about 40% of the time:
  // it holds a weapon, so most rolled Lichslayers can attack. Row 10 takes the tool it displaced.
  const [first, tenth] = [rows[0]!, rows[9]!];
  rows[0] = { ...tenth, range: first.range };
  rows[9] = { ...first, range: tenth.range };
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
export const vestmentTable: TableDefInput = {
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
