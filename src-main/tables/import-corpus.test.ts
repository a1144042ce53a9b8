// The paste corpus: real-shaped pastes from books, PDFs, forums, spreadsheets and Foundry VTT
// exports (fixtures/pastes/), each with the rows it must import to — every row with its source
// line, key and text, links with their targets — or the refusal it must give, with its line.
// Every paste goes through the commands the Import dialog sends, on a real campaign file:
// tables.importPreview shows it, tables.importSave saves exactly what was shown (or refuses with
// the preview's words, saving nothing), and tables.roll lands every roll on the row its value names.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreviewView } from '@shared/contract.ts';
import { formatRange, type TableDef } from '@shared/tables.ts';
import type { CampaignApp } from '../app/campaign-app.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { refusal } from './table-import.ts';
import { rowAt } from './table-roll.ts';
import { tableSpan } from './table-span.ts';

/** What the Import dialog can send with the text: plain list, a die typed in, a category, a gap choice. */
interface ImportOptions {
  asList?: boolean;
  die?: string;
  category?: TableDef['category'];
  gaps?: 'fill' | 'reroll' | 'keep';
}

const DIR = path.join(import.meta.dirname, 'fixtures', 'pastes');

interface ExpectTable {
  name: string;
  die: string;
  how: string;
  /** "source line: key label || details → nested-table×times" */
  rows: string[];
  uncovered?: string;
}
/** notes: [line, the first 60 characters] of notes the preview must show (page furniture left out, a layout undone…). */
type Expectation =
  | { options?: ImportOptions; tables: ExpectTable[]; links?: string[]; notes?: [number | null, string][] }
  | { options?: ImportOptions; refuse: [number | null, string][] };

const CORPUS: Record<string, Expectation> = {
  '01-markdown-outer-pipes.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: [
          '3: 1-2 Crows || They watch from the eaves',
          '4: 3-4 Smoke || Eyes sting',
          '5: 5-6 Silence || Too quiet',
        ],
      },
    ],
  },
  '02-markdown-no-outer-pipes.md': {
    tables: [
      { name: 'Imported table', die: 'd6', how: 'read', rows: ['3: 1-2 Crows', '4: 3-4 Smoke', '5: 5-6 Silence'] },
    ],
  },
  '03-markdown-title-above.md': {
    tables: [
      {
        name: 'Random Weather',
        die: 'd4',
        how: 'read',
        rows: ['5: 1 Ash rain', '6: 2 Still air', '7: 3 Cold wind', '8: 4 Red sky'],
      },
    ],
  },
  '04-markdown-bold-title-with-die.md': {
    tables: [
      {
        name: 'Random Weather',
        die: 'd4',
        how: 'read',
        rows: ['4: 1 Ash rain', '5: 2 Still air', '6: 3 Cold wind', '7: 4 Red sky'],
      },
    ],
  },
  '05-markdown-heading-and-caption.md': {
    tables: [
      {
        name: 'Tavern Rumours',
        die: 'd8',
        how: 'read',
        rows: [
          "6: 1 The miller's son is a werewolf",
          '7: 2 The old well whispers at night',
          '8: 3 A knight was seen heading north',
          '9: 4 Grain prices will double',
          '10: 5 The priest hides a second altar',
          '11: 6 Goblins took the toll bridge',
          '12: 7 A comet means war',
          "13: 8 The mayor owes the thieves' guild",
        ],
      },
    ],
    notes: [[2, '“*Roll once when the party buys a round.*” is read as a capt']],
  },
  '06-markdown-gap.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: [
          '3: 1 Copper coins',
          '4: 2 A candle stub',
          '5: 3 Rope, frayed',
          '6: 5 A silver spoon',
          '7: 6 A map fragment',
        ],
        uncovered: '4',
      },
    ],
  },
  '07-markdown-missing-last-rows.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd20',
        how: 'guessed',
        rows: ['3: 1-4 Rats', '4: 5-8 Bandits', '5: 9-12 Wolves', '6: 13-16 Ogre', '7: 17-19 Owlbear'],
        uncovered: '20',
      },
    ],
  },
  '08-markdown-escaped-pipes-br.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'read',
        rows: [
          '3: 1 Pit | spiked || 10 ft deep\nDC 12 to spot',
          '4: 2 Dart || Poisoned',
          '5: 3 Net || Drops from above',
          '6: 4 Blade || Swings at chest height',
        ],
      },
    ],
  },
  '09-markdown-2d6.md': {
    tables: [
      {
        name: 'Imported table',
        die: '2d6',
        how: 'read',
        rows: ['3: 2 Hostile, attacks', '4: 3-5 Unfriendly', '5: 6-8 Unsure', '6: 9-11 Talkative', '7: 12 Helpful'],
      },
    ],
  },
  '10-markdown-d100-with-00.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd100',
        how: 'read',
        rows: [
          '3: 1-25 A pouch of copper',
          '4: 26-50 Silver candlesticks',
          '5: 51-75 A jewelled dagger',
          '6: 76-95 A spell scroll',
          '7: 96-100 A crown',
        ],
      },
    ],
  },
  '11-markdown-d66.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd66',
        how: 'read',
        rows: [
          '3: 11-13 Aldric',
          '4: 14-16 Bertha',
          '5: 21-26 Corvin',
          '6: 31-36 Dagny',
          '7: 41-46 Edric',
          '8: 51-56 Freya',
          '9: 61-66 Gorm',
        ],
      },
    ],
  },
  '12-markdown-overlap-refused.md': { refuse: [[5, 'row 3 (“Silence”) overlaps row 2 (“Smoke”) on 4 (l']] },
  '13-markdown-no-die-column-refused.md': { refuse: [[1, 'The first column must be the die (such as “d6”, “2']] },
  '14-markdown-bad-key-refused.md': { refuse: [[4, '“three” is not a roll value or range: write 7, 5-6']] },
  '15-csv-quoted-commas.csv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 Rope, frayed || Holds one person, barely',
          '3: 2 Lantern || Lit, for now',
          '4: 3 Chalk',
          '5: 4 Bread, stale || Two days old',
        ],
      },
    ],
  },
  '16-csv-semicolon.csv': {
    tables: [
      { name: 'Imported table', die: 'd6', how: 'guessed', rows: ['2: 1-2 Cave', '3: 3-4 Ruin', '4: 5-6 Camp'] },
    ],
  },
  '17-tsv-spreadsheet.tsv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1-2 Clear || Good travel',
          '3: 3-4 Rain || Halve speed',
          '4: 5 Fog || Get lost on 1-2',
          '5: 6 Storm || Shelter or suffer',
        ],
      },
    ],
  },
  '18-tsv-no-header.tsv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'guessed',
        rows: ['1: 1 A broken wheel', '2: 2 A dead horse', '3: 3 An empty cart', '4: 4 A fresh grave'],
      },
    ],
  },
  '19-csv-multiline-quoted.csv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd3',
        how: 'read',
        rows: [
          '2: 1 Shrine || A small shrine.\nCandles still burn.',
          '4: 2 Well || Dry',
          '5: 3 Statue || Its eyes follow you',
        ],
      },
    ],
  },
  '20-csv-looking-first-line-is-lines.txt': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'guessed',
        rows: [
          '1: 1 Goblins, three of them',
          '2: 2 Wolves, a pack of five',
          '3: 3 A lone ogre',
          '4: 4 Nothing, just wind',
        ],
      },
    ],
  },
  '21-numbered-equals.txt': {
    tables: [
      {
        name: 'Encounters',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Rats', '3: 2 Bats', '4: 3 Cats', '5: 4 A very lost merchant'],
      },
    ],
  },
  '22-numbered-dots.txt': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'guessed',
        rows: ['1: 1 Ash rain', '2: 2 Still air', '3: 3 Cold wind', '4: 4 Grey fog', '5: 5 Thunder', '6: 6 Red sky'],
      },
    ],
  },
  '23-numbered-parens-and-colons.txt': {
    tables: [
      {
        name: 'Room contents',
        die: 'd8',
        how: 'read',
        rows: [
          '2: 1 Empty',
          '3: 2 Empty',
          '4: 3 A trap',
          '5: 4 A trap',
          '6: 5 Monster',
          '7: 6 Monster',
          '8: 7 Monster and treasure',
          '9: 8 Treasure alone',
        ],
      },
    ],
  },
  '24-to-ranges.txt': {
    tables: [
      {
        name: 'Wilderness',
        die: 'd20',
        how: 'read',
        rows: ['2: 1-4 Rats', '3: 5-8 Bandits', '4: 9-12 Wolves', '5: 13-16 Ogre', '6: 17-19 Owlbear', '7: 20 Dragon'],
      },
    ],
  },
  '25-unicode-dashes.txt': {
    tables: [
      {
        name: 'Weather',
        die: 'd12',
        how: 'read',
        rows: ['2: 1-2 Sun', '3: 3-4 Cloud', '4: 5-6 Rain', '5: 7-8 Wind', '6: 9-10 Fog', '7: 11-12 Storm'],
      },
    ],
  },
  '26-or-less-or-more.txt': {
    tables: [
      {
        name: 'Morale',
        die: '2d6',
        how: 'read',
        rows: ['2: 2 Flee at once', '3: 3-6 Waver', '4: 7-9 Hold', '5: 10+ Fight to the death'],
      },
    ],
  },
  '27-le-ge-symbols.txt': {
    tables: [
      {
        name: 'Reaction',
        die: 'd10',
        how: 'read',
        rows: ['2: 1-2 Attack', '3: 3-5 Threaten', '4: 6-8 Parley', '5: 9+ Offer help'],
      },
    ],
  },
  '28-d10-zero-to-nine.txt': {
    tables: [
      {
        name: "Ghost's whisper",
        die: 'd10',
        how: 'read',
        rows: [
          '2: 10 Your name',
          '3: 1 A date',
          '4: 2 A colour',
          '5: 3 A number',
          '6: 4 A place',
          '7: 5 A smell',
          '8: 6 A song',
          '9: 7 A warning',
          '10: 8 A promise',
          '11: 9 Nothing at all',
        ],
      },
    ],
    notes: [[2, 'the key 0 is read as 10, as a d10 numbered 0–9 is rolled']],
  },
  '29-pdf-wrapped-number-line.txt': {
    tables: [
      {
        name: "What's in the chest",
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 A purse holding 20 gold pieces and a rusty key.',
          '4: 2 A silver ring engraved with an owl.',
          '5: 3 A snake. It is angry.',
          '6: 4 Three candles and a prayer book.',
          '7: 5 Nothing; the chest is a mimic.',
          '8: 6 A map of the lower halls.',
        ],
      },
    ],
  },
  '30-pdf-wrapped-plain.txt': {
    tables: [
      {
        name: 'Strangers on the road',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 A tinker with a cart full of pots, who will trade for news of the capital.',
          '4: 2 A pilgrim walking barefoot to the shrine of the drowned saint.',
          '6: 3 Two soldiers who deserted after the battle at the ford and want no witnesses.',
          '8: 4 A child who claims to be the lost heir.',
        ],
      },
    ],
  },
  '31-pdf-hyphenated.txt': {
    tables: [
      {
        name: 'Smells',
        die: 'd3',
        how: 'read',
        rows: ['2: 1 Burnt hair and old tallow candles.', '4: 2 Wet dog.', '5: 3 Roses, faintly.'],
      },
    ],
  },
  '32-long-entry-split.txt': {
    tables: [
      {
        name: 'Visions',
        die: 'd3',
        how: 'read',
        rows: [
          '2: 1 The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest. || The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest. The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest.',
          '3: 2 Nothing.',
          '4: 3 A bird.',
        ],
      },
    ],
  },
  '33-forum-post.txt': {
    tables: [
      {
        name: 'Dungeon Dressing',
        die: 'd6',
        how: 'read',
        rows: [
          '4: 1 Puddles of stagnant water',
          '5: 2 Scratches on the walls, counting days',
          '6: 3 A broken sword',
          '7: 4 Old bones, gnawed',
          '8: 5 Burnt-out torches',
          '9: 6 Fresh footprints',
        ],
      },
    ],
    notes: [
      [1, "“Hey all, here's the table I use for dungeon dressing, enjoy"],
      [11, '“Let me know what you think :)” is not part of a table and w'],
    ],
  },
  '34-forum-bullets-bold-keys.md': {
    tables: [
      {
        name: 'Hex features',
        die: 'd6',
        how: 'read',
        rows: [
          '3: 1 A lonely tower',
          '4: 2 A ruined bridge',
          '5: 3 A standing stone',
          '6: 4 A burned farm',
          '7: 5 A tar pit',
          "8: 6 A hermit's hut",
        ],
      },
    ],
  },
  '35-plain-list-asList.txt': {
    options: { asList: true },
    tables: [
      {
        name: 'Tavern names',
        die: 'd5',
        how: 'list',
        rows: [
          '2: 1 The Drowned Rat',
          '3: 2 The Gilded Goose',
          '4: 3 The Ninth Bell',
          '5: 4 The Sleeping Giant',
          '6: 5 The Crooked Crown',
        ],
      },
    ],
  },
  '36-numbered-list-asList.txt': {
    options: { asList: true },
    tables: [
      {
        name: 'Imported table',
        die: 'd5',
        how: 'list',
        rows: ['1: 1 Aldo', '2: 2 Brin', '3: 3 Cato', '4: 4 Dara', '5: 5 Esk'],
      },
    ],
  },
  '37-whole-page-linked.txt': {
    tables: [
      {
        name: 'START',
        die: 'd6',
        how: 'read',
        rows: [
          "2: 1-2 A muddy crossroads. Go to the section below named 'WEATHER'. → weather×1",
          '3: 3-4 A crumbling tower. Roll on ENCOUNTERS. → encounters×1',
          '4: 5 A quiet inn. Roll twice. → start×2',
          '5: 6 A shrine. Reroll. → start-again×1',
        ],
      },
      {
        name: 'WEATHER',
        die: 'd4',
        how: 'read',
        rows: ['8: 1 Rain', '9: 2 Fog', '10: 3 Sun', '11: 4 Storm. Roll on ENCOUNTERS. → encounters×1'],
      },
      {
        name: 'ENCOUNTERS',
        die: 'd6',
        how: 'read',
        rows: ['14: 1-2 Bandits', '15: 3-4 Pilgrims', '16: 5 Wolves', '17: 6 A knight'],
      },
      {
        name: 'START (rolled again)',
        die: 'weights',
        how: 'weights',
        rows: [
          "2: weight 2 A muddy crossroads. Go to the section below named 'WEATHER'. → weather×1",
          '3: weight 2 A crumbling tower. Roll on ENCOUNTERS. → encounters×1',
        ],
      },
    ],
    links: [
      'start#1 section → weather',
      'start#2 roll-on → encounters',
      'start#3 roll-again → start',
      'start#4 reroll → start-again',
      'weather#4 roll-on → encounters',
    ],
  },
  '38-page-markdown-headings.md': {
    tables: [
      {
        name: 'Ruin Type',
        die: 'd4',
        how: 'read',
        rows: [
          '4: 1 Temple. Roll on Ruin Guardian. → ruin-guardian×1',
          '5: 2 Fort',
          '6: 3 Tomb. Roll on Ruin Guardian. → ruin-guardian×1',
          '7: 4 Tower',
        ],
      },
      {
        name: 'Ruin Guardian',
        die: 'd6',
        how: 'read',
        rows: ['12: 1-2 Skeletons', '13: 3-4 A golem', '14: 5-6 Nothing'],
      },
    ],
    links: ['ruin-type#1 roll-on → ruin-guardian', 'ruin-type#3 roll-on → ruin-guardian'],
  },
  '39-page-bold-titles-lines.txt': {
    tables: [
      { name: 'Weather', die: 'd4', how: 'guessed', rows: ['2: 1 Dry', '3: 2 Wet', '4: 3 Windy', '5: 4 Still'] },
      {
        name: 'Season',
        die: 'd4',
        how: 'guessed',
        rows: ['8: 1 Spring', '9: 2 Summer', '10: 3 Autumn', '11: 4 Winter'],
      },
    ],
  },
  '40-page-unknown-target.txt': {
    tables: [
      {
        name: 'DOORS',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Locked. Roll on KEYS. → keys×1', '3: 2 Stuck', '4: 3 Open', '5: 4 Trapped. Roll on TRAPS.'],
      },
      {
        name: 'KEYS',
        die: 'd4',
        how: 'read',
        rows: ['8: 1 Iron key', '9: 2 Bone key', '10: 3 Glass key', '11: 4 No key'],
      },
    ],
    links: ['doors#1 roll-on → keys', 'doors#4 roll-on → not found'],
  },
  // Tables that roll on each other import: the link back is kept, and a roll ends there.
  '41-page-loop-kept.txt': {
    tables: [
      { name: 'A', die: 'd2', how: 'read', rows: ['2: 1 Up. Roll on B. → b×1', '3: 2 Down'] },
      { name: 'B', die: 'd2', how: 'read', rows: ['6: 1 Left. Roll on A. → a×1', '7: 2 Right'] },
    ],
    links: ['a#1 roll-on → b', 'b#1 roll-on → a [loop a → b → a]'],
  },
  '42-table-twice-on-other.txt': {
    tables: [
      {
        name: 'HOARD',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Coins', '3: 2 Roll twice on GEMS → gems×2', '4: 3 Art', '5: 4 Magic'],
      },
      { name: 'GEMS', die: 'd4', how: 'read', rows: ['8: 1 Ruby', '9: 2 Opal', '10: 3 Jet', '11: 4 Pearl'] },
    ],
    links: ['hoard#2 roll-again → gems'],
  },
  '43-d100-numbered.txt': {
    tables: [
      {
        name: 'Curios',
        die: 'd100',
        how: 'read',
        rows: [
          '2: 1-10 A glass eye',
          '3: 11-30 A lock of hair',
          '4: 31-60 A pressed flower',
          '5: 61-90 A tooth',
          '6: 91-100 A ring of keys to nothing',
        ],
      },
    ],
  },
  '44-weights-markdown.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'weights',
        how: 'weights',
        rows: ['3: weight 3 Torch', '4: weight 2 Rope', '5: weight 1 Lantern'],
      },
    ],
  },
  '45-empty-refused.txt': { refuse: [[null, 'The text is empty: paste a table, or open a file']] },
  '46-prose-only-refused.txt': { refuse: [[null, 'No roll values were found: this reads as a plain l']] },
  '47-bad-die-header-refused.md': { refuse: [[1, 'The first column must be the die (such as “d6”, “2']] },
  '48-two-equals-bad-row-refused.txt': { refuse: [[2, '“two = Bat” does not start with a roll value: writ']] },
  '49-caption-after-table.md': {
    tables: [
      { name: 'Imported table', die: 'd4', how: 'read', rows: ['3: 1 Rain', '4: 2 Sun', '5: 3 Fog', '6: 4 Snow'] },
    ],
    notes: [[8, '“Table 3: Weather in the Ash Marches.” is not part of a tabl']],
  },
  '50-d20-numbered-with-gap-fill.txt': {
    tables: [
      {
        name: 'Trinkets',
        die: 'd20',
        how: 'read',
        rows: ['2: 1-5 A button', '3: 6-10 A key', '4: 11-15 A coin', '5: 17-20 A feather'],
        uncovered: '16',
      },
    ],
  },
  '51-3d6.md': {
    tables: [
      {
        name: 'Imported table',
        die: '3d6',
        how: 'read',
        rows: ['3: 3-5 Hostile', '4: 6-8 Wary', '5: 9-12 Neutral', '6: 13-15 Friendly', '7: 16-18 Devoted'],
      },
    ],
  },
  '52-details-too-long-refused.txt': { refuse: [[3, 'The row “A tale of ages.” cannot be kept: its deta']] },
  '53-lines-with-title-heading-md.md': {
    tables: [
      {
        name: 'Swamp Hazards',
        die: 'd4',
        how: 'guessed',
        rows: [
          '2: 1 Leeches || lose 1 blood',
          '3: 2 Sinkhole || climb out or drown',
          '4: 3 Gas || hold your breath',
          '5: 4 Nothing || lucky you',
        ],
      },
    ],
  },
  '54-outside-die-refused.txt': { refuse: [[4, 'row 3 (“Silence”) is keyed 5-7, outside 1-6, what ']] },
  '55-page-no-blank-lines.txt': {
    tables: [
      { name: 'WEATHER', die: 'd2', how: 'guessed', rows: ['2: 1 Rain', '3: 2 Fog'] },
      { name: 'SEASON', die: 'd2', how: 'guessed', rows: ['5: 1 Spring', '6: 2 Summer'] },
    ],
  },
  '56-forum-bold-numbers-with-dots.md': {
    tables: [{ name: 'Imported table', die: 'd3', how: 'guessed', rows: ['1: 1 Goblins', '2: 2 Orcs', '3: 3 Trolls'] }],
  },
  '57-book-table-number-title.txt': {
    tables: [
      { name: 'Cave Contents', die: 'd6', how: 'read', rows: ['2: 1-2 Bats', '3: 3-4 Bears', '4: 5-6 Nothing'] },
    ],
  },
  '58-2d6-roll-again-on-this-table.txt': {
    tables: [
      {
        name: 'ENCOUNTERS',
        die: '2d6',
        how: 'read',
        rows: [
          '2: 2-4 Dragon',
          '3: 5-9 Goblins, roll again on this table for their leader → encounters-again×1',
          '4: 10-12 Nothing',
        ],
      },
      {
        name: 'ENCOUNTERS (rolled again)',
        die: 'weights',
        how: 'weights',
        rows: ['2: weight 6 Dragon', '4: weight 6 Nothing'],
      },
    ],
    links: ['encounters#2 reroll → encounters-again [doubt]'],
  },
  '60-foundry-v9.json': {
    tables: [
      {
        name: 'Wandering Monsters',
        die: 'd6',
        how: 'read',
        rows: ['14: 1-3 Goblins', '29: 4-5 Orcs', '44: 6 A troll & its pet'],
      },
    ],
  },
  '61-foundry-v11-links.json': {
    tables: [
      {
        name: 'Dungeon Room',
        die: 'd4',
        how: 'read',
        rows: ['9: 1-2 Empty room', '22: 3 Treasure → treasure×1', '35: 4 Longsword'],
      },
      { name: 'Treasure', die: 'd2', how: 'read', rows: ['56: 1 10 gold', '67: 2 A gem\nworth 50 gold'] },
    ],
    links: ['dungeon-room#2 foundry → treasure'],
  },
  '62-foundry-v12.json': {
    tables: [
      { name: 'Weather v12', die: 'd4', how: 'read', rows: ['10: 1 Clear', '25: 2-3 Rain', '36: 4 Storm Spirit'] },
    ],
  },
  '63-foundry-v13.json': {
    tables: [
      {
        name: 'Road Events',
        die: 'd6',
        how: 'read',
        rows: [
          '9: 1-2 Broken wheel || Lose half a day.',
          '21: 3-4 Merchant || Sells rope & oil.\nBuys furs.',
          '33: 5 Bandit',
          '46: 6 Weather v13',
        ],
      },
    ],
    links: ['road-events#4 foundry → not found'],
  },
  '64-foundry-messy-d101-duplicate.json': {
    tables: [
      {
        name: 'Community Loot (messy)',
        die: 'd101',
        how: 'read',
        rows: [
          '7: 1-10 Loot 1-10',
          '18: 11-20 Loot 11-20',
          '29: 21-30 Loot 21-30',
          '40: 31-40 Loot 31-40',
          '51: 41-50 Loot 41-50',
          '62: 51-60 Loot 51-60',
          '73: 61-70 Loot 61-70',
          '84: 71-80 Loot 71-80',
          '95: 81-90 Loot 81-90',
          '106: 91-100 Loot 91-100',
        ],
        uncovered: '101',
      },
    ],
    notes: [[40, 'Community Loot (messy): result 11 (“Loot 31-40”) repeats an ']],
  },
  '65-foundry-overlap-refused.json': { refuse: [[16, 'row 2 (“Darts”) overlaps row 1 (“Pit”) on 8-10 (li']] },
  '66-foundry-formula-unrollable.json': {
    tables: [{ name: 'Skill Check Fumbles', die: 'd4', how: 'guessed', rows: ['7: 1-2 Trip', '16: 3-4 Drop weapon'] }],
    notes: [[1, 'Skill Check Fumbles: the formula “1d4 + @abilities.dex.mod” ']],
  },
  '67-foundry-compendium-lines.db': {
    tables: [
      { name: 'Herbs', die: 'd2', how: 'read', rows: ['1: 1 Sage', '1: 2 Thyme'] },
      { name: 'Poisons', die: 'd2', how: 'read', rows: ['2: 1 Hemlock', '2: 2 Nightshade'] },
    ],
  },
  '68-foundry-not-a-table-refused.json': { refuse: [[1, 'Document 1 (a npc) is not a Foundry RollTable: A F']] },
  '69-foundry-broken-json-refused.json': { refuse: [[5, "This is not valid JSON (Expected ',' or '}' after "]] },
  // Pastes the first import read wrong, or refused, and how they read now.
  '70-markdown-exported-row-deleted.md': {
    tables: [
      {
        name: 'Ember Weather',
        die: 'd6',
        how: 'read',
        rows: ['6: 1-2 Ash rain', '7: 3 Still air', '8: 5-6 Red sky'],
        uncovered: '4',
      },
    ],
  },
  '71-foundry-exported-result-deleted.json': {
    tables: [
      {
        name: 'Ember Weather',
        die: 'd6',
        how: 'read',
        rows: ['8: 1-2 Ash rain', '24: 3 Still air', '40: 5-6 Red sky'],
        uncovered: '4',
      },
    ],
  },
  '72-d66-missing-tens.txt': {
    tables: [
      {
        name: 'Strange Merchants',
        die: 'd66',
        how: 'read',
        rows: [
          '2: 11-16 A one-eyed tinker selling spoons.',
          '3: 31-36 A goblin selling maps, all fake.',
          '4: 41-46 A caravan of spice traders.',
          '5: 51-56 A bard selling songs about you.',
          '6: 61-66 Death, selling time.',
        ],
        uncovered: '21-26',
      },
    ],
  },
  '73-d66-missing-first-tens.txt': {
    tables: [
      {
        name: 'Strange Merchants',
        die: 'd66',
        how: 'read',
        rows: [
          '2: 21-26 A one-eyed tinker selling spoons.',
          '3: 31-36 A goblin selling maps, all fake.',
          '4: 41-46 A caravan of spice traders.',
          '5: 51-56 A bard selling songs about you.',
          '6: 61-66 Death, selling time.',
        ],
        uncovered: '11-16',
      },
    ],
  },
  '74-two-columns-one-line.txt': {
    tables: [
      {
        name: 'Random Tavern Names',
        die: 'd12',
        how: 'guessed',
        rows: [
          '2: 1 The Drunken Goat',
          '3: 2 The Silver Stag',
          '4: 3 The Broken Wheel',
          '5: 4 The Gilded Lily',
          '6: 5 The Hanged Man',
          '7: 6 The Three Crowns',
          '2: 7 The Rusty Anchor',
          '3: 8 The Laughing Lich',
          '4: 9 The Crooked Mile',
          '5: 10 The Sleeping Giant',
          '6: 11 The Blind Owl',
          '7: 12 The Last Candle',
        ],
      },
    ],
  },
  '75-two-columns-one-line-d12.txt': {
    tables: [
      {
        name: 'Random Tavern Names',
        die: 'd12',
        how: 'read',
        rows: [
          '2: 1 The Drunken Goat',
          '3: 2 The Silver Stag',
          '4: 3 The Broken Wheel',
          '5: 4 The Gilded Lily',
          '6: 5 The Hanged Man',
          '7: 6 The Three Crowns',
          '2: 7 The Rusty Anchor',
          '3: 8 The Laughing Lich',
          '4: 9 The Crooked Mile',
          '5: 10 The Sleeping Giant',
          '6: 11 The Blind Owl',
          '7: 12 The Last Candle',
        ],
      },
    ],
  },
  '76-pdf-columns-interleaved.txt': {
    tables: [
      {
        name: 'Weather on the Moors',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 Clear skies.',
          '3: 4 Thick fog.',
          '4: 2 Drizzle.',
          '5: 5 Thunderstorm.',
          '6: 3 Overcast.',
          '7: 6 Sleet.',
        ],
      },
    ],
    notes: [[2, 'the rows come out of order (1, 4, 2, 5, 3, 6): each is kept ']],
  },
  '77-pdf-keys-on-own-lines.txt': {
    tables: [
      {
        name: 'Hazards of the Pass',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 A rockslide blocks the path.',
          '4: 2 An icy ledge; Dex check or slide.',
          '6: 3 A frozen corpse with a map.',
          '8: 4 Wind howls; torches go out.',
          '10: 5 A yeti watches from above.',
          '12: 6 Clear going for a day.',
        ],
      },
    ],
  },
  '78-pdf-keys-column-then-texts.txt': {
    tables: [{ name: 'Weather', die: 'd4', how: 'read', rows: ['4: 1 Rain', '5: 2 Fog', '6: 3 Sun', '7: 4 Snow'] }],
    notes: [
      [2, '“d4” is read as a caption of Weather, not a row'],
      [3, '“Result” is read as a caption of Weather, not a row'],
    ],
  },
  '79-markdown-two-column-pairs.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'guessed',
        rows: ['3: 1 Torchbearer', '4: 2 Porter', '5: 3 Man-at-arms', '3: 4 Guide', '4: 5 Sage', '5: 6 Cook'],
      },
    ],
    notes: [[1, 'the header repeats “Roll | Hireling” 2 times side by side: e']],
  },
  '80-markdown-column-pairs-mismatch-refused.md': {
    refuse: [[1, 'The header repeats “d6” in column 3, as a table pr']],
  },
  '81-pdf-page-number-running-header.txt': {
    tables: [
      {
        name: 'Forest Encounters',
        die: 'd12',
        how: 'read',
        rows: [
          '2: 1 Wolves.',
          '3: 2 Bandits.',
          '4: 3 A woodcutter.',
          "5: 4 A witch's hut.",
          '6: 5 Elves, hostile.',
          '7: 6 A bear.',
          '8: 7 Owlbear.',
          '9: 8 A lost child.',
          '12: 9 A ruined shrine.',
          '13: 10 Giant spiders.',
          '14: 11 A hunting party.',
          '15: 12 A dragon, sleeping.',
        ],
      },
    ],
    notes: [
      [10, '“42” between the rows is read as a page number and left out'],
      [11, '“Chapter 3: The Wild” between the rows is read as a running '],
    ],
  },
  '82-lines-title-repeated-midtable.txt': {
    tables: [
      {
        name: 'Dungeon Dressing',
        die: 'd10',
        how: 'read',
        rows: [
          '2: 1 Cobwebs thick as curtains.',
          '3: 2 A puddle of black water.',
          '4: 3 Scratches on the walls.',
          '5: 4 A broken sword.',
          '6: 5 A single boot.',
          '8: 6 A rusty cage.',
          '9: 7 Bones, gnawed.',
          '10: 8 A faded tapestry.',
          '11: 9 A dripping ceiling.',
          '12: 10 A cold draft from a crack.',
        ],
      },
    ],
    notes: [[7, '“d10 Dungeon Dressing (continued)” between the rows is read ']],
  },
  '83-markdown-header-repeated-midtable.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd8',
        how: 'read',
        rows: [
          '3: 1 Pit',
          '4: 2 Darts',
          '5: 3 Falling block',
          '6: 4 Gas',
          '8: 5 Net',
          '9: 6 Scything blade',
          '10: 7 Rolling boulder',
          '11: 8 Collapsing floor',
        ],
      },
    ],
    notes: [[7, 'line 7 repeats the header (“d8 | Trap”), as a table continue']],
  },
  '84-two-untitled-tables.txt': {
    tables: [
      { name: 'Imported table', die: 'd4', how: 'guessed', rows: ['1: 1 Rain', '2: 2 Fog', '3: 3 Sun', '4: 4 Snow'] },
      {
        name: 'Imported table 2',
        die: 'd4',
        how: 'guessed',
        rows: ['5: 1 calm', '6: 2 breeze', '7: 3 gale', '8: 4 storm'],
      },
    ],
    notes: [[5, 'line 5 numbers the rows from 1 again: read as another table,']],
  },
  '85-reroll-in-an-items-text.txt': {
    tables: [
      {
        name: "Things Found in a Dead Adventurer's Pockets",
        die: 'd8',
        how: 'read',
        rows: [
          '3: 1 A half-eaten turnip.',
          '4: 2 Three copper pieces and a button.',
          '5: 3 A love letter, unsent.',
          '6: 4 A map of this very dungeon. It is wrong.',
          '7: 5 A vial of something green.',
          '8: 6 A tooth (not theirs).',
          "9: 7 A lucky rabbit's foot. The bearer may reroll one saving throw, then it crumbles.",
          '10: 8 Nothing. Someone got here first.',
        ],
      },
    ],
  },
  '86-magic-items-reroll-and-roll-on-in-prose.txt': {
    tables: [
      {
        name: 'Minor Magic Items',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 Ring of Luck || once per day, reroll a failed saving throw.',
          '3: 2 Boots of Springing || jump twice as far.',
          '4: 3 Cloak of Shadows || +2 to hide.',
          '5: 4 Dice of Fate || when you roll on any table, you may roll again and take either result.',
          '6: 5 Lantern of Truth || shows invisible things.',
          '7: 6 Bag of Holding || holds 500 lbs.',
        ],
      },
    ],
  },
  '87-csv-unquoted-commas.csv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 Goblins, three of them',
          '3: 2 Wolves, a pack of five',
          '4: 3 A lone ogre',
          '5: 4 Bandits, led by a woman in red, asking for a toll',
          '6: 5 Nothing',
          '7: 6 A dragon, far off',
        ],
      },
    ],
  },
  '88-blog-paragraphs-go-to.txt': {
    tables: [
      {
        name: 'The Ruined Abbey: Room Contents',
        die: 'd4',
        how: 'read',
        rows: [
          '3: 1 The Weeping Statue || A marble statue of a saint weeps real tears. Anyone who drinks them is healed of 1d6 hp, once.',
          '7: 2 The Hungry Door || The door has teeth. It opens for a copper coin, or a finger.',
          '11: 3 The Scriptorium || Books everywhere. 20 of them are readable; 3 hold spells.',
          "15: 4 The Crypt || Go to the section below named 'CRYPT GUARDIANS'. → crypt-guardians×1",
        ],
      },
      {
        name: 'CRYPT GUARDIANS',
        die: 'd4',
        how: 'read',
        rows: ['20: 1 A skeleton knight.', '21: 2 Two ghouls.', '22: 3 A wight.', '23: 4 Nothing; the tomb is empty.'],
      },
    ],
    links: ['the-ruined-abbey-room-contents#4 section → crypt-guardians'],
  },
  '89-md-dash-bullets-colon-keys.md': {
    tables: [
      {
        name: 'Weird Fruit',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Tastes of copper.', '3: 2 Glows faintly.', '4: 3 Screams when bitten.', '5: 4 Perfectly normal.'],
      },
    ],
  },
  '90-md-dash-bullets-bold-keys.md': {
    tables: [
      {
        name: 'Tavern Smells',
        die: 'd4',
        how: 'read',
        rows: [
          '3: 1 Stale beer and wet dog.',
          '4: 2 Roasting onions.',
          '5: 3 Something burning. Probably fine.',
          '6: 4 Lavender, suspiciously.',
        ],
      },
    ],
  },
  '91-md-escaped-numbers.md': {
    tables: [
      {
        name: 'What the innkeeper knows',
        die: 'd6',
        how: 'read',
        rows: [
          '3: 1 Nothing, and he says so loudly.',
          '5: 2 The road north is closed.',
          '7: 3 A stranger paid in old coins.',
          '9: 4 His daughter has run off with a bard.',
          '11: 5 The mill is haunted.',
          '13: 6 Where the lich sleeps.',
        ],
      },
    ],
  },
  '92-obsidian-callout.md': {
    tables: [
      { name: 'Random Weather', die: 'd4', how: 'read', rows: ['4: 1 Rain', '5: 2 Fog', '6: 3 Sun', '7: 4 Snow'] },
    ],
    notes: [[1, 'the table is inside a quote (lines starting with “>”): read ']],
  },
  '93-notion-bold-key-cells.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: [
          '3: 1 A goblin with a cart',
          '4: 2 A lost pilgrim',
          '5: 3 Two knights, quarrelling',
          '6: 4 A wolf, wounded',
          '7: 5 A merchant, lying',
          '8: 6 A ghost',
        ],
      },
    ],
  },
  '94-markdown-centred-separator-emoji.md': {
    tables: [
      {
        name: '🎲 Loot Goblin Pockets',
        die: 'd6',
        how: 'read',
        rows: [
          '4: 1 🪙 3 cp || —',
          '5: 2 🐸 A frog | alive || It croaks',
          '6: 3 🗝️ A key || Fits nothing\nyet',
          '7: 4 🧀 Cheese || C:\\\\cheese\\\\old',
          '8: 5 💎 A "gem" || It\'s glass',
          '9: 6 📜 A note || "Help"',
        ],
      },
    ],
  },
  '95-markdown-die-roll-header.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'guessed',
        rows: ['3: 1 A cracked mirror', '4: 2 A silver key', '5: 3 A black candle', '6: 4 A jar of teeth'],
      },
    ],
  },
  '96-markdown-d8-roll-header-dots.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd8',
        how: 'read',
        rows: [
          '3: 1 10 gp',
          '4: 2 20 gp',
          '5: 3 A gem',
          '6: 4 A potion',
          '7: 5 A scroll',
          '8: 6 A wand',
          '9: 7 A sword',
          '10: 8 A crown',
        ],
      },
    ],
  },
  '97-html-table-one-line.html': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: ['1: 1 Goblins', '1: 2 Orcs', '1: 3 Bats', '1: 4 Rats', '1: 5 Ghoul', '1: 6 Nothing'],
      },
    ],
    notes: [[1, 'the text is HTML: its tables, lists and headings were read f']],
  },
  '98-html-table-multiline.html': {
    tables: [
      {
        name: 'Random Weather',
        die: 'd4',
        how: 'read',
        rows: ['7: 1 Rain', '11: 2 Fog', '15: 3 Sun', '19: 4 Snow & hail'],
      },
    ],
    notes: [[1, 'the text is HTML: its tables, lists and headings were read f']],
  },
  '99-html-ordered-list.html': {
    tables: [
      {
        name: 'Curses',
        die: 'd4',
        how: 'read',
        rows: ['3: 1 Your shadow leaves.', '4: 2 You cannot lie.', '5: 3 Milk sours near you.', '6: 4 Birds hate you.'],
      },
    ],
    notes: [[1, 'the text is HTML: its tables, lists and headings were read f']],
  },
  '100-bbcode-table.txt': {
    tables: [{ name: 'Loot', die: 'd4', how: 'read', rows: ['3: 1 Copper', '4: 2 Silver', '5: 3 Gold', '6: 4 Gem'] }],
    notes: [[1, 'the text is forum BBCode: its tables, lists and bold marks w']],
  },
  '101-bbcode-bold-keys.txt': {
    tables: [
      {
        name: 'Random NPC Quirks',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 Whistles constantly.',
          '3: 2 Never blinks.',
          '4: 3 Speaks only in questions.',
          '5: 4 Collects teeth.',
          '6: 5 Is allergic to magic.',
          '7: 6 Laughs at funerals.',
        ],
      },
    ],
    notes: [[1, 'the text is forum BBCode: its tables, lists and bold marks w']],
  },
  '102-bbcode-numbered-list.txt': {
    tables: [
      {
        name: 'Cursed Items',
        die: 'd4',
        how: 'read',
        rows: [
          '3: 1 A ring that tightens.',
          '4: 2 A cloak that whispers.',
          '5: 3 Boots that walk at night.',
          '6: 4 A hat that eats thoughts.',
        ],
      },
    ],
    notes: [[1, 'the text is forum BBCode: its tables, lists and bold marks w']],
  },
  '103-html-without-a-table-refused.html': { refuse: [[1, 'The text is HTML, and its tags hold no table this ']] },
  '104-2d6-move-no-die.txt': {
    tables: [
      {
        name: 'Carouse',
        die: '2d6',
        how: 'guessed',
        rows: [
          '2: 2-6 You wake in a ditch, robbed.',
          '3: 7-9 You made a friend and an enemy.',
          '4: 10+ You hear a useful rumour.',
        ],
      },
    ],
  },
  '105-2d6-reaction-missing-2.txt': {
    tables: [
      {
        name: 'Reaction',
        die: '2d6',
        how: 'guessed',
        rows: ['2: 3-5 Hostile', '3: 6-8 Uncertain', '4: 9-11 Friendly', '5: 12 Helpful'],
        uncovered: '2',
      },
    ],
  },
  '106-title-d6-times-d6.txt': {
    tables: [
      {
        name: 'Dungeon Graffiti',
        die: 'd66',
        how: 'read',
        rows: [
          '2: 11 "Turn back"',
          '3: 12 A crude map',
          '4: 13 Tally marks',
          '5: 14 A rude drawing of a wizard',
          '6: 15 "Zog was here"',
          '7: 16 A warning in Dwarvish',
          '8: 21 A poem',
          '9: 22 Names of the dead',
          '10: 23 An arrow pointing down',
          '11: 24 A smiley face',
          "12: 25 A demon's sigil",
          '13: 26 A shopping list',
          '14: 31 Blood, dried',
          '15: 32 A dragon, badly drawn',
          '16: 33 "The lich lies"',
          '17: 34 A number || 9000',
          '18: 35 A hand print',
          "19: 36 A child's drawing",
          '20: 41 "Don\'t trust the dwarf"',
          '21: 42 A recipe for soup',
          '22: 43 A prayer',
          '23: 44 An eye',
          '24: 45 Scratches, no meaning',
          '25: 46 A love heart',
          '26: 51 A question mark',
          '27: 52 A map of the stars',
          '28: 53 "Help"',
          '29: 54 A tally of 40',
          '30: 55 A hanged man',
          '31: 56 A sun',
          '32: 61 A key',
          '33: 62 A door',
          '34: 63 A skull',
          '35: 64 A coin',
          '36: 65 A cup',
          '37: 66 Your own name',
        ],
      },
    ],
  },
  '107-title-d6xd6-ranges.txt': {
    tables: [
      {
        name: 'Hirelings',
        die: 'd66',
        how: 'read',
        rows: [
          '2: 11-16 Torchbearer',
          '3: 21-26 Porter',
          '4: 31-36 Man-at-arms',
          '5: 41-46 Archer',
          '6: 51-56 Guide',
          '7: 61-66 Sage',
        ],
      },
    ],
  },
  '108-title-d4-plus-d6.txt': {
    tables: [
      {
        name: 'Hazards',
        die: 'd4+d6',
        how: 'read',
        rows: [
          '2: 2 Quicksand.',
          '3: 3-4 A collapsed bridge.',
          '4: 5-6 Flash flood.',
          '5: 7-8 Rockfall.',
          '6: 9 A sinkhole.',
          "7: 10 A dragon's shadow.",
        ],
      },
    ],
  },
  '109-title-1d20-plus-level.txt': {
    tables: [
      {
        name: 'Carousing Mishaps',
        die: 'd20',
        how: 'read',
        rows: [
          '2: 1-5 You lose 1d6 x 10 gp.',
          '3: 6-10 You wake up married.',
          '4: 11-15 You joined a cult.',
          '5: 16-20 You are wanted by the watch.',
          '6: 21-25 You insulted a noble.',
        ],
      },
    ],
    notes: [[1, 'the title adds “level” to d20: the rows up to 25 are kept fo']],
  },
  '110-title-dice-product-refused.txt': { refuse: [[1, 'The title names “d6 x d8”, dice multiplied togethe']] },
  '111-die-misread-one-refusal.txt': { refuse: [[2, '36 of 36 rows (lines 2-37) are keyed outside 1-6, ']] },
  '112-d10-from-zero-ranges.txt': {
    tables: [
      {
        name: 'Weather',
        die: 'd10-1',
        how: 'read',
        rows: ['2: 0-2 Clear', '3: 3-5 Cloudy', '4: 6-8 Rain', '5: 9 Storm'],
      },
    ],
  },
  '113-d10-from-zero-no-die.txt': {
    tables: [
      {
        name: 'Weather',
        die: 'd10-1',
        how: 'guessed',
        rows: ['2: 0-2 Clear', '3: 3-5 Cloudy', '4: 6-8 Rain', '5: 9 Storm'],
      },
    ],
  },
  '114-d100-00-to-99.txt': {
    tables: [
      {
        name: 'Hex Contents',
        die: 'd100-1',
        how: 'read',
        rows: [
          '2: 0-9 Empty hex.',
          '3: 10-29 Ruins.',
          '4: 30-59 Monster lair.',
          '5: 60-89 Village.',
          '6: 90-99 Wonder.',
        ],
      },
    ],
  },
  '115-foundry-db-deleted-and-updated.db': {
    tables: [{ name: 'Herbalism', die: 'd4', how: 'read', rows: ['1: 1 Sage', '1: 2 Thyme', '1: 3-4 Mandrake root'] }],
    notes: [
      [1, '“Herbalism” appears again on line 3 with the same _id: the l'],
      [4, 'line 4 deletes “Poisons” (a “$$deleted” entry of the compend'],
    ],
  },
  '116-foundry-db-same-id-twice.db': {
    tables: [{ name: 'Herbalism', die: 'd4', how: 'read', rows: ['1: 1 Sage', '1: 2 Thyme', '1: 3-4 Mandrake root'] }],
    notes: [[1, '“Herbalism” appears again on line 2 with the same _id: the l']],
  },
  '117-foundry-disabled-inverted-range.json': {
    tables: [
      {
        name: 'Wild Magic Surge',
        die: 'd8',
        how: 'read',
        rows: [
          '8: 1 You turn blue.',
          '19: 2 A unicorn appears.',
          '41: 3-4 Flowers grow.',
          '52: 5-6 You can fly.',
          '63: 7-8 Your hair falls out.',
        ],
      },
    ],
    notes: [[30, 'Wild Magic Surge: result 3 (“(disabled) You explode.”) has t']],
  },
  '118-foundry-weight-zero.json': {
    tables: [
      {
        name: 'Treasure by weight',
        die: 'weights',
        how: 'weights',
        rows: ['8: weight 10 Copper', '13: weight 5 Silver', '23: weight 1 Gold'],
      },
    ],
    notes: [
      [1, 'Treasure by weight: some results have no range, so the table'],
      [18, 'Treasure by weight: result 3 (“Cursed crown (never)”) has we'],
    ],
  },
  '119-foundry-byte-order-mark.json': {
    tables: [{ name: 'BOM table', die: 'd2', how: 'read', rows: ['8: 1 Heads', '17: 2 Tails'] }],
  },
  '120-foundry-v9-inline-links.json': {
    tables: [
      {
        name: 'Armoury',
        die: 'd4',
        how: 'read',
        rows: ['8: 1 Longsword', '19: 2 Shield', '30: 3 1d6 arrows', '41: 4 Nothing at all'],
      },
    ],
  },
  '121-foundry-export-with-other-documents.json': {
    tables: [{ name: 'Goblin Names', die: 'd3', how: 'read', rows: ['15: 1 Snik', '23: 2 Grub', '31: 3 Mog'] }],
    notes: [[3, 'document 1 “Goblin” (a npc) is not a roll table and is left ']],
  },
  '122-share-after-range.txt': {
    tables: [
      {
        name: 'Who is at the door?',
        die: 'd6',
        how: 'read',
        rows: ['2: 1-2 A beggar.', '3: 3-4 The tax collector.', '4: 5 A lost child.', '5: 6 Death himself.'],
      },
    ],
  },
  '123-markdown-share-in-key-cell.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: ['3: 1-2 A beggar', '4: 3-4 The tax collector', '5: 5 A lost child', '6: 6 Death himself'],
      },
    ],
  },
  '124-tilde-ranges.txt': {
    tables: [
      {
        name: 'Weird Weather',
        die: 'd6',
        how: 'read',
        rows: ['2: 1-2 Frogs fall from the sky.', '3: 3-4 The wind whispers names.', '4: 5-6 Green lightning.'],
      },
    ],
  },
  '125-full-width-digits.txt': {
    tables: [
      {
        name: 'Loot',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Copper coins', '3: 2 Silver ring', '4: 3 Gold tooth', '5: 4 A small gem'],
      },
    ],
  },
  '126-keys-in-brackets.txt': {
    tables: [
      {
        name: 'Graveyard Finds',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 A bent spoon.', '3: 2 A wedding ring.', "4: 3 A child's shoe.", '5: 4 A letter, sealed.'],
      },
    ],
  },
  '127-comma-listed-values.txt': {
    tables: [
      {
        name: 'Reactions',
        die: 'd6',
        how: 'read',
        rows: ['2: 1-2 Attacks on sight.', '3: 3-4 Wary, keeps its distance.', '4: 5-6 Curious, wants to trade.'],
      },
    ],
  },
  '128-dash-then-a-count.txt': {
    tables: [
      {
        name: 'Wandering Monsters',
        die: 'd6',
        how: 'read',
        rows: ['2: 1 3 orcs', '3: 2 2 ogres', '4: 3 5 goblins', '5: 4 1 troll', '6: 5 4 wolves', '7: 6 2 trolls'],
      },
    ],
    notes: [[2, '“1 - 3 orcs” is read as row 1, “3 orcs”, not as the range 1-']],
  },
  '129-pdf-soft-hyphens-odd-spaces.txt': {
    tables: [
      {
        name: 'Wilderness Encounters',
        die: 'd8',
        how: 'read',
        rows: [
          '2: 1 Wolves, hungry.',
          '3: 2-3 Bandits, demanding a toll.',
          '4: 4-5 A merchant caravan.',
          '5: 6-7 Pilgrims.',
          '6: 8 A wandering knight.',
        ],
      },
    ],
  },
  '130-pdf-ligatures.txt': {
    tables: [
      {
        name: 'Arcane Effects',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 A fiery glow surrounds the caster.',
          '3: 2 The caster floats a foot off the ground.',
          "4: 3 All flames within 30' are snuffed.",
          '5: 4 A swarm of butterflies bursts forth.',
          "6: 5 The caster's reflection acts on its own.",
          '7: 6 Nothing happens. Roll on the Miscast Effects table. → miscast-effects×1',
        ],
      },
      {
        name: 'Miscast Effects',
        die: 'd4',
        how: 'read',
        rows: ['10: 1 Lose the spell.', '11: 2 Take 1d6 damage.', '12: 3 Deaf for an hour.', '13: 4 Hair turns white.'],
      },
    ],
    links: ['arcane-effects#6 roll-on → miscast-effects'],
  },
  // The campaign's own tables (Tomb Loot Table keyed loot, Familiars …) are the ones the links find.
  '131-links-by-key-and-word.txt': {
    tables: [
      {
        name: 'Crossroads',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 Roll on Loot. → loot×1',
          '3: 2 Roll on Phenomena. → phenomena×1',
          '4: 3 Roll on the Flora table. → flora×1',
          '5: 4 Roll twice on Familiars. → familiars×2',
        ],
      },
    ],
    links: [
      'crossroads#1 roll-on → loot (by its key “loot”)',
      'crossroads#2 roll-on → phenomena (by its key “phenomena”)',
      'crossroads#3 roll-on → flora (by its key “flora”)',
      'crossroads#4 roll-again → familiars',
    ],
  },
  '132-roman-numerals.txt': {
    tables: [
      {
        name: 'Omens',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 A black cat crosses the road.',
          '3: 2 The well water turns red.',
          '4: 3 Crows circle the church.',
          '5: 4 A child speaks in tongues.',
          '6: 5 The bells ring at midnight.',
          '7: 6 Milk sours overnight.',
        ],
      },
    ],
    notes: [[2, 'the rows are numbered in Roman numerals (I, II …): read as 1']],
  },
  '133-weights-written-as-counts.txt': {
    tables: [
      {
        name: 'Encounter weights',
        die: 'weights',
        how: 'weights',
        rows: ['2: weight 3 Goblins', '3: weight 2 Orcs', '4: weight 1 Ogre'],
      },
    ],
    notes: [[2, 'every line ends with how often it comes up (“Goblins x3”): r']],
  },
  '134-markdown-list-numbered-all-ones.md': {
    tables: [
      {
        name: 'Weird Fruit',
        die: 'd4',
        how: 'read',
        rows: ['2: 1 Tastes of copper.', '3: 2 Glows faintly.', '4: 3 Screams when bitten.', '5: 4 Perfectly normal.'],
      },
    ],
    notes: [[2, 'every row is numbered “1.”, as Markdown lists are often writ']],
  },
  '135-exported-empty-table.md': {
    tables: [{ name: 'Empty Omens', die: 'd6', how: 'read', rows: [], uncovered: '1-6' }],
  },
  '136-foundry-exported-empty-table.json': {
    tables: [{ name: 'Empty Omens', die: 'd6', how: 'read', rows: [], uncovered: '1-6' }],
  },
  '138-escaped-numbers-asList.md': {
    tables: [
      {
        name: 'What the innkeeper knows',
        die: 'd6',
        how: 'list',
        rows: [
          '3: 1 Nothing, and he says so loudly.',
          '5: 2 The road north is closed.',
          '7: 3 A stranger paid in old coins.',
          '9: 4 His daughter has run off with a bard.',
          '11: 5 The mill is haunted.',
          '13: 6 Where the lich sleeps.',
        ],
      },
    ],
    notes: [[1, 'the title names d6, but a plain list is rolled with one face']],
  },
  // More of the review's corpus: the plain list ticked on pastes that carry keys, the other shapes it read right.
  '139-pdf-keys-on-own-lines-asList.txt': {
    tables: [
      {
        name: 'Hazards of the Pass',
        die: 'd6',
        how: 'list',
        rows: [
          '3: 1 A rockslide blocks the path.',
          '5: 2 An icy ledge; Dex check or slide.',
          '7: 3 A frozen corpse with a map.',
          '9: 4 Wind howls; torches go out.',
          '11: 5 A yeti watches from above.',
          '13: 6 Clear going for a day.',
        ],
      },
    ],
    notes: [
      [2, 'the numbers 1-6 stand on lines of their own: as a plain list'],
      [1, 'the title names d6, but a plain list is rolled with one face'],
    ],
  },
  '140-html-table-die-column-asList.html': {
    tables: [
      {
        name: 'Random Weather',
        die: 'd4',
        how: 'list',
        rows: ['7: 1 Rain', '11: 2 Fog', '15: 3 Sun', '19: 4 Snow & hail'],
      },
    ],
    notes: [
      [1, 'the text is HTML: its tables, lists and headings were read f'],
      [3, 'the first column (“d4”) holds roll values: as a plain list e'],
    ],
  },
  '141-markdown-die-column-asList.md': {
    tables: [
      { name: 'Random Weather', die: 'd4', how: 'list', rows: ['4: 1 Rain', '5: 2 Fog', '6: 3 Sun', '7: 4 Snow'] },
    ],
    notes: [
      [1, 'the table is inside a quote (lines starting with “>”): read '],
      [2, 'the first column (“d4”) holds roll values: as a plain list e'],
      [1, 'the title names d4, but a plain list is rolled with one face'],
    ],
  },
  '142-markdown-two-column-pairs-d6.md': {
    tables: [
      {
        name: 'Imported table',
        die: 'd6',
        how: 'read',
        rows: ['3: 1 Torchbearer', '4: 2 Porter', '5: 3 Man-at-arms', '3: 4 Guide', '4: 5 Sage', '5: 6 Cook'],
      },
    ],
    notes: [[1, 'the header repeats “d6 | Hireling” 2 times side by side: eac']],
  },
  '143-d12-one-row-missing.txt': {
    tables: [
      {
        name: 'Random Tavern Names',
        die: 'd12',
        how: 'read',
        rows: [
          '2: 1 The Drunken Goat',
          '3: 2 The Silver Stag',
          '4: 3 The Broken Wheel',
          '5: 4 The Gilded Lily',
          '6: 5 The Hanged Man',
          '7: 6 The Three Crowns',
          '8: 7 The Rusty Anchor',
          '9: 8 The Laughing Lich',
          '10: 10 The Sleeping Giant',
          '11: 11 The Blind Owl',
          '12: 12 The Last Candle',
        ],
        uncovered: '9',
      },
    ],
  },
  '144-d100-zero-padded-and-00.txt': {
    tables: [
      {
        name: 'Random Rumours',
        die: 'd100',
        how: 'read',
        rows: [
          '2: 1-10 The mayor is a doppelganger.',
          '3: 11-20 There is treasure under the mill.',
          '4: 21-35 The priest drinks.',
          '5: 36-50 Wolves have been seen near the ford.',
          '6: 51-65 A dragon sleeps in the hill.',
          '7: 66-80 The well is haunted.',
          '8: 81-95 A knight seeks a squire.',
          '9: 96-100 The king is dead.',
        ],
      },
    ],
  },
  '145-d66-ranges.txt': {
    tables: [
      {
        name: 'Strange Merchants',
        die: 'd66',
        how: 'read',
        rows: [
          '2: 11-13 A one-eyed tinker selling spoons.',
          '3: 14-16 A dwarf with a cart of cheese.',
          '4: 21-23 Twin sisters selling fortunes.',
          '5: 24-26 A knight pawning his armour.',
          '6: 31-33 A goblin selling maps, all fake.',
          '7: 34-36 A monk selling silence.',
          '8: 41-46 A caravan of spice traders.',
          '9: 51-56 A bard selling songs about you.',
          '10: 61-66 Death, selling time.',
        ],
      },
    ],
  },
  '146-browser-copy-tsv-nbsp.txt': {
    tables: [
      {
        name: 'Random Weather',
        die: 'd4',
        how: 'read',
        rows: ['3: 1 Rain', '4: 2 Fog', '5: 3 Sun', '6: 4 Snow & hail'],
      },
    ],
  },
  '147-notion-markdown-export.md': {
    tables: [
      {
        name: 'Encounters in the Sunken City',
        die: 'd6',
        how: 'guessed',
        rows: [
          '5: 1 Drowned priests || They still hold services.',
          '6: 2 Eel swarm || Fast, hungry.',
          "7: 3 Merrow scouts || Want the party's lanterns.",
          '8: 4 A sunken ship || Treasure, guarded.',
          '9: 5 Nothing || Just the current.',
          '10: 6 The Leviathan || Run.',
        ],
      },
    ],
  },
  '148-notion-csv-byte-order-mark.csv': {
    tables: [
      {
        name: 'Imported table',
        die: 'd4',
        how: 'guessed',
        rows: [
          '2: 1 Drowned priests || They still hold services.',
          '3: 2 Eel swarm || Fast, hungry.',
          '4: 3 Merrow scouts',
          '5: 4 A sunken ship || Treasure, guarded.',
        ],
      },
    ],
  },
  '149-obsidian-frontmatter-block-id.md': {
    tables: [
      {
        name: 'Hex Features',
        die: 'd8',
        how: 'read',
        rows: [
          '9: 1 A standing stone',
          '10: 2 A burned farm',
          '11: 3 A shrine to a forgotten god',
          '12: 4 A gallows',
          "13: 5 A hermit's cave",
          '14: 6 A ruined tower',
          '15: 7 A lake with an island',
          '16: 8 A crater, still warm',
        ],
      },
    ],
    notes: [
      [1, 'Lines 1-4 (“---”) are not part of a table and were left out'],
      [18, '“^hex-features” is not part of a table and was left out'],
    ],
  },
  '150-homebrewery-page.md': {
    tables: [
      {
        name: 'Random Encounters',
        die: 'd8',
        how: 'read',
        rows: [
          '5: 1 1d4 goblins',
          '6: 2 2d6 wolves',
          '7: 3 An ogre',
          '8: 4 1d8 bandits',
          '9: 5 A griffon',
          '10: 6 Nothing',
          '11: 7 A patrol',
          '12: 8 Roll twice → random-encounters×2',
        ],
      },
    ],
    links: ['random-encounters#8 roll-again → random-encounters'],
    notes: [
      [1, '“\\page” is not part of a table and was left out'],
      [13, '“{{pageNumber 3}}” is not part of a table and was left out'],
    ],
  },
  '151-roll-on-words-that-name-no-table.txt': {
    tables: [
      {
        name: 'Tavern Brawl Events',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 A chair breaks over your head. Roll on the floor and take 1 damage.',
          '3: 2 The barkeep throws everyone out.',
          '4: 3 A fighter challenges you; roll on Strength to win.',
          '5: 4 Roll on the Wandering Monsters table.',
        ],
      },
    ],
    links: [
      'tavern-brawl-events#1 roll-on → not found',
      'tavern-brawl-events#3 roll-on → not found',
      'tavern-brawl-events#4 roll-on → not found',
    ],
  },
  '152-d10-zero-first.txt': {
    tables: [
      {
        name: 'Bone Dice Omens',
        die: 'd10',
        how: 'read',
        rows: [
          '2: 10 Death',
          '3: 1 Sickness',
          '4: 2 Wealth',
          '5: 3 Love',
          '6: 4 Travel',
          '7: 5 Betrayal',
          '8: 6 Luck',
          '9: 7 Storm',
          '10: 8 A child',
          '11: 9 Fire',
        ],
      },
    ],
    notes: [[2, 'the key 0 is read as 10, as a d10 numbered 0–9 is rolled']],
  },
  '153-long-entry-no-sentence.txt': {
    tables: [
      {
        name: 'Rumours',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 the old miller who lives by the river has been seen walking by night with a lantern that burns with a green flame and… || …the children of the village say that he speaks to the fish and that the fish answer him in the voice of his drowned wife who',
          '3: 2 Short one.',
          '4: 3 Another short one.',
          '5: 4 Last one.',
        ],
      },
    ],
  },
  '154-page-three-tables-roll-again.md': {
    tables: [
      {
        name: 'Dungeon Room',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 Empty.',
          '3: 2 Empty, but a draft. Roll on Dungeon Smells. → dungeon-smells×1',
          '4: 3 A monster. Roll on Wandering Monsters. → wandering-monsters×1',
          '5: 4 A trap.',
          '6: 5 Treasure.',
          '7: 6 A monster with treasure. Roll twice on Wandering Monsters. → wandering-monsters×2',
        ],
      },
      {
        name: 'Wandering Monsters',
        die: 'd4',
        how: 'read',
        rows: [
          '10: 1 Goblins.',
          '11: 2 Giant rats.',
          '12: 3 A gelatinous cube.',
          '13: 4 Roll again. → wandering-monsters-again×1',
        ],
      },
      {
        name: 'Dungeon Smells',
        die: 'd4',
        how: 'read',
        rows: ['16: 1 Rot.', '17: 2 Smoke.', '18: 3 Incense.', '19: 4 Fresh bread, oddly.'],
      },
      {
        name: 'Wandering Monsters (rolled again)',
        die: 'weights',
        how: 'weights',
        rows: ['10: weight 1 Goblins.', '11: weight 1 Giant rats.', '12: weight 1 A gelatinous cube.'],
      },
    ],
    links: [
      'dungeon-room#2 roll-on → dungeon-smells',
      'dungeon-room#3 roll-on → wandering-monsters',
      'dungeon-room#6 roll-again → wandering-monsters',
      'wandering-monsters#4 reroll → wandering-monsters-again',
    ],
  },
  '155-page-link-names-differ.txt': {
    tables: [
      {
        name: 'Ruins',
        die: 'd4',
        how: 'read',
        rows: [
          '2: 1 Nothing.',
          '3: 2 Roll on the Random Monster table.',
          '4: 3 A statue.',
          '5: 4 Roll on Treasure. → treasure-table×1',
        ],
      },
      {
        name: 'Random Monsters',
        die: 'd4',
        how: 'read',
        rows: ['8: 1 Goblin.', '9: 2 Orc.', '10: 3 Troll.', '11: 4 Ghost.'],
      },
      {
        name: 'Treasure Table',
        die: 'd4',
        how: 'read',
        rows: ['14: 1 Coins.', '15: 2 A gem.', '16: 3 A sword.', '17: 4 A map.'],
      },
    ],
    links: ['ruins#2 roll-on → not found', 'ruins#4 roll-on → treasure-table'],
  },
  '156-markdown-two-tables-no-blank-line.md': {
    tables: [
      { name: 'Weather', die: 'd4', how: 'read', rows: ['4: 1 Rain', '5: 2 Fog', '6: 3 Sun', '7: 4 Snow'] },
      { name: 'Wind', die: 'd4', how: 'read', rows: ['11: 1 Calm', '12: 2 Breeze', '13: 3 Gale', '14: 4 Storm'] },
    ],
  },
  '157-wrapped-line-starts-with-a-number.txt': {
    tables: [
      {
        name: 'Dungeon Treasure',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 A purse holding 12 silver pieces and a copper ring.',
          '4: 2 A rusty sword.',
          '5: 3 A jar of pickled eyes, 3 of them',
          '6: 4 A scroll of light.',
          '7: 5 A cursed coin.',
          '8: 6 A gem worth 50 gp.',
        ],
      },
    ],
  },
  '158-only-a-title-refused.txt': { refuse: [[null, 'No table rows were found: start each row with its ']] },
  '159-labels-start-with-numbers.txt': {
    tables: [
      {
        name: 'Wandering Monsters',
        die: 'd6',
        how: 'read',
        rows: [
          '2: 1 2d6 goblins',
          '3: 2 10 bandits and their chief',
          '4: 3 1 ogre',
          '5: 4 3 wolves',
          '6: 5 1d4 ghouls',
          '7: 6 20 zombies, slow.',
        ],
      },
    ],
  },
  '160-d8-last-row-plus.txt': {
    tables: [{ name: 'Morale', die: 'd8', how: 'read', rows: ['2: 1-2 Flee', '3: 3-5 Hold', '4: 6+ Charge'] }],
  },
  '161-d20-gap-in-the-middle.txt': {
    tables: [
      {
        name: 'Random Traps',
        die: 'd20',
        how: 'read',
        rows: ['2: 1-3 Pit.', '3: 4-6 Darts.', '4: 7-9 Gas.', '5: 13-15 Block.', '6: 16-18 Net.', '7: 19-20 Blade.'],
        uncovered: '10-12',
      },
    ],
  },
  '162-foundry-v10-drawn-compendium.json': {
    tables: [
      {
        name: 'Goblin Pockets',
        die: 'd6',
        how: 'read',
        rows: [
          '10: 1 3 copper',
          '25: 2 A dead rat',
          '40: 3 Dagger',
          '55: 4 Goblin Trinkets',
          '70: 5 Potion of Healing',
          '84: 6 A note: "Help"',
        ],
      },
    ],
    links: ['goblin-pockets#4 foundry → not found'],
  },
  '163-foundry-v12-2d6.json': {
    tables: [
      {
        name: 'Reaction (2d6)',
        die: '2d6',
        how: 'read',
        rows: [
          '9: 2 Attacks',
          '22: 3-5 Hostile',
          '33: 6-8 Uncertain',
          '44: 9-11 Indifferent',
          '55: 12 Friendly Merchant',
        ],
      },
    ],
  },
  '164-foundry-v13-document-links.json': {
    tables: [
      {
        name: 'Ruin Contents',
        die: 'd4',
        how: 'read',
        rows: [
          '10: 1 Empty || Dust and silence.',
          '22: 2 Ruin Monsters → ruin-monsters×1',
          '35: 3 Lost Loot',
          '48: 4 Longsword',
        ],
      },
      { name: 'Ruin Monsters', die: 'd2', how: 'read', rows: ['72: 1 Rats', '84: 2 Ghoul || Hungry.\nVery hungry.'] },
    ],
    links: ['ruin-contents#2 foundry → ruin-monsters', 'ruin-contents#3 foundry → not found'],
  },
  '165-foundry-formula-two-dice.json': {
    tables: [
      {
        name: 'Sum table',
        die: 'd6+d6',
        how: 'read',
        rows: ['8: 2 Snake eyes', '17: 3-6 Low', '26: 7 Mid', '35: 8-11 High', '44: 12 Boxcars'],
      },
    ],
  },
  '166-foundry-formula-plus-five.json': {
    tables: [
      {
        name: 'Skill Challenge',
        die: 'd20+5',
        how: 'read',
        rows: ['8: 6-10 Fail badly', '17: 11-15 Fail', '26: 16-20 Succeed', '35: 21-25 Triumph'],
      },
    ],
  },
  '167-foundry-formula-plus-five-results-from-1-refused.json': {
    refuse: [[8, 'row 1 (“A”) is keyed 1-5, outside 6-25, what d20+5']],
  },
  '168-foundry-no-formula.json': {
    tables: [
      {
        name: 'No formula',
        die: 'd8',
        how: 'guessed',
        rows: ['8: 1-2 One', '17: 3-5 Two', '26: 6-7 Three'],
        uncovered: '8',
      },
    ],
  },
  '169-foundry-d8-results-1-6.json': {
    tables: [
      {
        name: 'Pruned table',
        die: 'd8',
        how: 'read',
        rows: ['8: 1 A', '17: 2 B', '26: 3 C', '35: 4 D', '44: 5 E', '53: 6 F'],
        uncovered: '7-8',
      },
    ],
  },
  '170-foundry-d66-formula.json': {
    tables: [{ name: 'Foundry d66', die: 'd66', how: 'read', rows: ['8: 11-36 Low', '17: 41-66 High'] }],
  },
  '171-foundry-float-ranges-no-type.json': {
    tables: [{ name: 'Legacy import', die: 'd3', how: 'read', rows: ['6: 1 One', '13: 2 Two', '20: 3 Three'] }],
  },
  '172-foundry-v12-text-and-name.json': {
    tables: [{ name: 'v12 with both', die: 'd2', how: 'read', rows: ['6: 1 Rain hard', '18: 2 Sun'] }],
  },
  // A homebrew page of rooms, each section ending "after your encounter, go to … 'DUNGEON ROOM'":
  // every section imports, that closing line is said of each row that links nowhere else, and each
  // link back is kept as a loop.
  '173-page-rooms-loop-back.txt': {
    tables: [
      {
        name: 'DUNGEON ROOM',
        die: 'd6',
        how: 'read',
        rows: [
          "5: 1 A dusty hall. Go to the section below named 'EMPTY HALLS'. → empty-halls×1",
          "6: 2 Claw marks on the flagstones. Go to the section below named 'LAIRS'. → lairs×1",
          "7: 3 A hum inside the walls. Go to the section below named 'SPECIAL ROOM'. → special-room×1",
          "8: 4 A locked iron door. Go to the section below named 'VAULTS'. → vaults×1",
          "9: 5 Something shuffles in the dark. Go to the section below named 'LAIRS'. → lairs×1",
          "10: 6 A stair winding down. Go to the section below named 'SPECIAL ROOM'. → special-room×1",
        ],
      },
      {
        name: 'EMPTY HALLS',
        die: 'd6',
        how: 'read',
        rows: [
          "13: 1 Cobwebs hang like curtains. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "14: 2 A broken cart, one wheel still turning. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "15: 3 Bones swept into a tidy heap. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "16: 4 A cold draught rises from a crack. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "17: 5 Soot where a campfire once burned. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "18: 6 Nothing at all, which is worse. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
      {
        name: 'LAIRS',
        die: 'd6',
        how: 'read',
        rows: [
          "22: 1-2 Three giant beetles guard a nest. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "23: 3-4 A mud troll asleep on a heap of coins. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "24: 5 Rats pour out of the drains. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "25: 6 A chained hound, and its master close by. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
      {
        name: 'SPECIAL ROOM',
        die: 'd6',
        how: 'read',
        rows: [
          "29: 1-2 An altar under a cracked dome. Go to the section below named 'SHRINES'. → shrines×1",
          "30: 3-4 A sealed reliquary. Go to the section below named 'TREASURE'. → treasure×1",
          "31: 5 A pool of still silver water. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "32: 6 A door painted on the bare wall. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
      {
        name: 'SHRINES',
        die: 'd6',
        how: 'read',
        rows: [
          "36: 1 A saint of rust who offers rain. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "37: 2 A broken idol weeping lamp oil. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "38: 3 A shrine to a god nobody remembers. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "39: 4 Candles that light themselves again. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "40: 5 A bowl of teeth, one for each visitor. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "41: 6 A bell that rings when someone lies. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
      {
        name: 'TREASURE',
        die: 'd6',
        how: 'read',
        rows: [
          "45: 1 A purse of green copper. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "46: 2 A silver mirror, cracked. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "47: 3 A jar of pickled eyes, priceless to someone. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "48: 4 A scroll case, empty but warm. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "49: 5 A gilded helm two sizes too small. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
          "50: 6 A map of this very room. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
      {
        name: 'VAULTS',
        die: 'd6',
        how: 'read',
        rows: [
          "54: 1-3 The lock holds. Go to the section named 'TREASURE'. → treasure×1",
          "55: 4-5 A guardian wakes. Go to the section named 'LAIRS'. → lairs×1",
          "56: 6 The vault was emptied long ago. After your encounter, go to the section named 'DUNGEON ROOM'. → dungeon-room×1",
        ],
      },
    ],
    links: [
      'dungeon-room#1 section → empty-halls',
      'dungeon-room#2 section → lairs',
      'dungeon-room#3 section → special-room',
      'dungeon-room#4 section → vaults',
      'dungeon-room#5 section → lairs',
      'dungeon-room#6 section → special-room',
      'empty-halls#1 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'empty-halls#2 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'empty-halls#3 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'empty-halls#4 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'empty-halls#5 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'empty-halls#6 section → dungeon-room [loop dungeon-room → empty-halls → dungeon-room]',
      'lairs#1 section → dungeon-room [loop dungeon-room → lairs → dungeon-room]',
      'lairs#2 section → dungeon-room [loop dungeon-room → lairs → dungeon-room]',
      'lairs#3 section → dungeon-room [loop dungeon-room → lairs → dungeon-room]',
      'lairs#4 section → dungeon-room [loop dungeon-room → lairs → dungeon-room]',
      'special-room#1 section → shrines',
      'special-room#2 section → treasure',
      'special-room#3 section → dungeon-room [loop dungeon-room → special-room → dungeon-room]',
      'special-room#4 section → dungeon-room [loop dungeon-room → special-room → dungeon-room]',
      'shrines#1 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'shrines#2 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'shrines#3 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'shrines#4 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'shrines#5 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'shrines#6 section → dungeon-room [loop dungeon-room → special-room → shrines → dungeon-room]',
      'treasure#1 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'treasure#2 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'treasure#3 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'treasure#4 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'treasure#5 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'treasure#6 section → dungeon-room [loop dungeon-room → special-room → treasure → dungeon-room]',
      'vaults#1 section → treasure',
      'vaults#2 section → lairs',
      'vaults#3 section → dungeon-room [loop dungeon-room → vaults → dungeon-room]',
    ],
    notes: [
      [1, 'Lines 1-2 (“THE DROWNED UNDERCROFT”) are not part of a table'],
      [19, '“After your encounter, go to the section…” under the last ro'],
      [26, '“After your encounter, go to the section…” under the last ro'],
      [33, '“After your encounter, go to the section…” under the last ro'],
      [42, '“After your encounter, go to the section…” under the last ro'],
      [51, '“After your encounter, go to the section…” under the last ro'],
      [57, '“After your encounter, go to the section…” under the last ro'],
    ],
  },
};

function rowsOf(p: ImportPreviewView): ExpectTable[] {
  return p.tables.map((t) => ({
    name: t.table.name,
    die: t.table.die ?? 'weights',
    how: t.die.how,
    rows: t.table.rows.map(
      (r, i) =>
        `${t.rowLines[i] ?? '-'}: ${formatRange(r.range, r.weight)} ${r.label}${r.details ? ` || ${r.details}` : ''}${r.rollOn ? ` → ${r.rollOn.table}×${r.rollOn.times}` : ''}`,
    ),
    ...(t.coverage?.uncoveredCount
      ? {
          uncovered: t.coverage.uncovered
            .map((u) => (u.from === u.to ? String(u.from) : `${u.from}-${u.to}`))
            .join(', '),
        }
      : {}),
  }));
}

/** The results of the table's die that land on no row (they roll "no entry"). */
function unlanded(t: TableDef): number[] {
  const { span } = tableSpan(t);
  if (!span) return [];
  const values = span.values ?? Array.from({ length: span.max - span.min + 1 }, (_, i) => span.min + i);
  return values.filter((v) => rowAt(t, v) === null);
}

const files = fs.readdirSync(DIR).sort();

describe('the paste corpus', () => {
  let app: CampaignApp;
  beforeAll(async () => {
    app = makeApp(tempDir());
    await app.call('campaign.create', { name: 'Corpus' });
    await app.call('dice.setSeed', { seed: 15 });
  });
  afterAll(() => app.close());

  it('holds more than 50 real-shaped pastes, every one with an expectation', () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    expect(files.filter((f) => !(f in CORPUS))).toEqual([]);
    expect(Object.keys(CORPUS).filter((f) => !files.includes(f))).toEqual([]);
  });

  for (const file of files) {
    it(file, async () => {
      const expected = CORPUS[file]!;
      const text = fs.readFileSync(path.join(DIR, file), 'utf8');
      const options = expected.options ?? (file.includes('asList') ? { asList: true } : {});
      const before = await app.call('tables.list', {});
      const p = await app.call('tables.importPreview', { text, ...options });
      if ('refuse' in expected) {
        expect(p.problems.map((x) => [x.line, x.message.slice(0, 50)])).toEqual(expected.refuse);
        expect(refusal(p)).toMatch(/^Not imported: /);
        // The save refuses in the preview's words, and nothing is saved.
        expect(await app.dispatch('tables.importSave', { text, ...options, onConflict: 'replace' })).toEqual({
          ok: false,
          error: expect.objectContaining({ code: 'refused', message: refusal(p) }),
        });
        expect(await app.call('tables.list', {})).toEqual(before);
        return;
      }
      expect(p.problems).toEqual([]);
      expect(rowsOf(p)).toEqual(expected.tables);
      expect(
        p.links.map(
          (l) =>
            `${l.table}#${l.row + 1} ${l.kind} → ${l.resolved?.key ?? 'not found'}${l.match ? ` (${l.match})` : ''}${l.doubt ? ' [doubt]' : ''}${l.loop ? ` [loop ${l.loop.chain.join(' → ')}${l.loop.kept ? '' : ', dropped'}]` : ''}`,
        ),
      ).toEqual(expected.links ?? []);
      expect(p.notes.map((n) => [n.line, n.message.slice(0, 60)])).toEqual(expected.notes ?? []);

      // Results no row covers are saved only when the Judge chooses: without a choice nothing is saved.
      const gapped = expected.tables.some((t) => t.uncovered);
      expect(p.gaps.needed).toBe(gapped && !options.gaps);
      if (p.gaps.needed) {
        expect(await app.dispatch('tables.importSave', { text, ...options, onConflict: 'replace' })).toMatchObject({
          ok: false,
          error: { code: 'refused', message: expect.stringMatching(/Choose what those rolls do/) },
        });
        expect(await app.call('tables.list', {})).toEqual(before);
      }
      await app.call('tables.importSave', {
        text,
        ...options,
        ...(p.gaps.needed ? { gaps: 'keep' as const } : {}),
        onConflict: 'replace',
      });
      for (const shown of p.tables) {
        // What is saved is the table the preview showed, row for row, each row numbered in order
        // (its own id, which later edits keep).
        const saved = (await app.call('tables.get', { key: shown.table.key })).table;
        expect(saved).toEqual({ ...shown.table, rows: shown.table.rows.map((r, i) => ({ ...r, id: i + 1 })) });
        // "no entry" comes only from the results the preview listed as uncovered.
        const listed = (shown.coverage?.uncovered ?? []).flatMap((u) =>
          Array.from({ length: u.to - u.from + 1 }, (_, i) => u.from + i),
        );
        expect(unlanded(saved)).toEqual(listed);
        for (let i = 0; i < 6; i++) {
          if (saved.drawWithoutReplacement) await app.call('tables.resetDraws', { key: saved.key });
          const { node } = await app.call('tables.roll', { key: saved.key });
          expect(node.table).toBe(saved.key);
          if (saved.die !== null) expect(node.row).toBe(rowAt(saved, node.value));
          else expect(node.row).not.toBeNull();
        }
      }
      // One undo takes the import back out.
      await app.call('history.undo', {});
      expect(await app.call('tables.list', {})).toEqual(before);
    });
  }
});
