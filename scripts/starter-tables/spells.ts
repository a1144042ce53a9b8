import {
  SPELL_SCHOOL_LABEL,
  type CastingTime,
  type SpellFields,
  type SpellSchool,
  type TableDefInput,
} from '../../src-shared/tables.ts';

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
const forest = (flower: string, fungus = 'Duskcap'): SpellExtra => ({
  path: 'forest',
  recipe: [flower, fungus],
});
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

export function spellTable(school: SpellSchool): TableDefInput {
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
export const SPIRITS: TableDefInput[] = [
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
