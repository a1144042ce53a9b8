// The starter event tables (the Inn, the Town, the Forest and the Tombs).
import type { InnFieldsInput, LootAction, TableDefInput } from '../../src-shared/tables.ts';

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

export const EVENTS: TableDefInput[] = [
  // ch.5: 2-9 are the negative half (a Wary Retainer leaves on them, Stage 3 locks to them); rolls
  // are capped at 2, so the first row starts the table at 1. Prices, meals, rest and what befalls the
  // patrons are the app's to apply; a patron is one who bought a meal or shelter there that day.
  {
    key: 'inn-events',
    name: 'Inn Events',
    category: 'event',
    die: 'd12',
    starter: true,
    rows: (
      [
        [
          1,
          2,
          'Brawl in the common room',
          'A fight over the dice wrecks the tables: tonight each patron pays 12 gold in damages, or spends the night in the stocks and gets no Sanity back.',
          { damages: 12 },
        ],
        [
          3,
          3,
          'Spoiled stew',
          'Meals cost half today and feed no one: tonight counts as a night without a meal.',
          { mealPercent: 50, mealFeeds: false },
        ],
        [
          4,
          4,
          'Rats in the rafters',
          'Shelter tonight is uneasy: it counts as shelter, but no Sanity comes back.',
          { restRecovers: false },
        ],
        [5, 5, 'A stranger asks too many questions', 'The Judge notes one secret the stranger learned.'],
        [6, 6, 'Leaking roof', 'Shelter costs 12 gold more today.', { shelterExtra: 12 }],
        [7, 7, 'A caravan takes the beds', 'Shelter costs double today.', { shelterPercent: 200 }],
        [
          8,
          8,
          'Light fingers',
          'A cutpurse works the tables: tonight one patron, picked at random, loses 1d6 × 6 gold.',
          { theftD6: 1 },
        ],
        [
          9,
          9,
          'Bad news from below',
          'Talk of the Tombs sours the room: each patron takes −1 on their next Challenge roll in the Tombs.',
          { nextTombsChallenge: -1 },
        ],
        [
          10,
          10,
          'A travelling fiddler',
          'Whoever eats here today and rests tonight gets one Sanity level more back than usual.',
          { restBonus: 1 },
        ],
        [11, 11, 'Feast night', 'Meals cost half today and count as two days fed.', { mealPercent: 50, fedDays: 2 }],
        [
          12,
          12,
          'The keeper’s favour',
          'A free night of shelter and meal for the whole party.',
          { mealPercent: 0, shelterPercent: 0 },
        ],
      ] as [number, number, string, string, InnFieldsInput?][]
    ).map(([from, to, label, details, inn]) => ({
      label,
      details,
      range: { from, to },
      ...(inn ? { inn } : {}),
    })),
  },
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
