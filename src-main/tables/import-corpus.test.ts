// The paste corpus: real-shaped pastes from books, PDFs, forums, spreadsheets and Foundry VTT
// exports (fixtures/pastes/), each with the rows it must import to — every row with its source
// line, key and text, links with their targets — or the refusal it must give, with its line.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRange } from '@shared/tables.ts';
import { previewImport, refusal, type ImportOptions, type ImportPreview } from './table-import.ts';

const DIR = path.join(import.meta.dirname, 'fixtures', 'pastes');

interface ExpectTable {
  name: string;
  die: string;
  how: string;
  /** "source line: key label || details → nested-table×times" */
  rows: string[];
  uncovered?: string;
}
type Expectation = { options?: ImportOptions; tables: ExpectTable[]; links?: string[] } | { options?: ImportOptions; refuse: [number | null, string][] };

const CORPUS: Record<string, Expectation> = {
  "01-markdown-outer-pipes.md": { tables: [
    { name: "Imported table", die: "d6", how: "read", rows: ["3: 1-2 Crows || They watch from the eaves", "4: 3-4 Smoke || Eyes sting", "5: 5-6 Silence || Too quiet"] },
  ] },
  "02-markdown-no-outer-pipes.md": { tables: [
    { name: "Imported table", die: "d6", how: "read", rows: ["3: 1-2 Crows", "4: 3-4 Smoke", "5: 5-6 Silence"] },
  ] },
  "03-markdown-title-above.md": { tables: [
    { name: "Random Weather", die: "d4", how: "read", rows: ["5: 1 Ash rain", "6: 2 Still air", "7: 3 Cold wind", "8: 4 Red sky"] },
  ] },
  "04-markdown-bold-title-with-die.md": { tables: [
    { name: "Random Weather", die: "d4", how: "read", rows: ["4: 1 Ash rain", "5: 2 Still air", "6: 3 Cold wind", "7: 4 Red sky"] },
  ] },
  "05-markdown-heading-and-caption.md": { tables: [
    { name: "Tavern Rumours", die: "d8", how: "read", rows: ["6: 1 The miller's son is a werewolf", "7: 2 The old well whispers at night", "8: 3 A knight was seen heading north", "9: 4 Grain prices will double", "10: 5 The priest hides a second altar", "11: 6 Goblins took the toll bridge", "12: 7 A comet means war", "13: 8 The mayor owes the thieves' guild"] },
  ] },
  "06-markdown-gap.md": { tables: [
    { name: "Imported table", die: "d6", how: "read", rows: ["3: 1 Copper coins", "4: 2 A candle stub", "5: 3 Rope, frayed", "6: 5 A silver spoon", "7: 6 A map fragment"], uncovered: "4" },
  ] },
  "07-markdown-missing-last-rows.md": { tables: [
    { name: "Imported table", die: "d20", how: "guessed", rows: ["3: 1-4 Rats", "4: 5-8 Bandits", "5: 9-12 Wolves", "6: 13-16 Ogre", "7: 17-19 Owlbear"], uncovered: "20" },
  ] },
  "08-markdown-escaped-pipes-br.md": { tables: [
    { name: "Imported table", die: "d4", how: "read", rows: ["3: 1 Pit | spiked || 10 ft deep\nDC 12 to spot", "4: 2 Dart || Poisoned", "5: 3 Net || Drops from above", "6: 4 Blade || Swings at chest height"] },
  ] },
  "09-markdown-2d6.md": { tables: [
    { name: "Imported table", die: "2d6", how: "read", rows: ["3: 2 Hostile, attacks", "4: 3-5 Unfriendly", "5: 6-8 Unsure", "6: 9-11 Talkative", "7: 12 Helpful"] },
  ] },
  "10-markdown-d100-with-00.md": { tables: [
    { name: "Imported table", die: "d100", how: "read", rows: ["3: 1-25 A pouch of copper", "4: 26-50 Silver candlesticks", "5: 51-75 A jewelled dagger", "6: 76-95 A spell scroll", "7: 96-100 A crown"] },
  ] },
  "11-markdown-d66.md": { tables: [
    { name: "Imported table", die: "d66", how: "read", rows: ["3: 11-13 Aldric", "4: 14-16 Bertha", "5: 21-26 Corvin", "6: 31-36 Dagny", "7: 41-46 Edric", "8: 51-56 Freya", "9: 61-66 Gorm"] },
  ] },
  "12-markdown-overlap-refused.md": { refuse: [[5, "row 3 (“Silence”) overlaps row 2 (“Smoke”) on 4 (l"]] },
  "13-markdown-no-die-column-refused.md": { refuse: [[1, "The first column must be the die (such as “d6”, “2"]] },
  "14-markdown-bad-key-refused.md": { refuse: [[4, "“three” is not a roll value or range: write 7, 5-6"]] },
  "15-csv-quoted-commas.csv": { tables: [
    { name: "Imported table", die: "d4", how: "read", rows: ["2: 1 Rope, frayed || Holds one person, barely", "3: 2 Lantern || Lit, for now", "4: 3 Chalk", "5: 4 Bread, stale || Two days old"] },
  ] },
  "16-csv-semicolon.csv": { tables: [
    { name: "Imported table", die: "d6", how: "guessed", rows: ["2: 1-2 Cave", "3: 3-4 Ruin", "4: 5-6 Camp"] },
  ] },
  "17-tsv-spreadsheet.tsv": { tables: [
    { name: "Imported table", die: "d6", how: "read", rows: ["2: 1-2 Clear || Good travel", "3: 3-4 Rain || Halve speed", "4: 5 Fog || Get lost on 1-2", "5: 6 Storm || Shelter or suffer"] },
  ] },
  "18-tsv-no-header.tsv": { tables: [
    { name: "Imported table", die: "d4", how: "guessed", rows: ["1: 1 A broken wheel", "2: 2 A dead horse", "3: 3 An empty cart", "4: 4 A fresh grave"] },
  ] },
  "19-csv-multiline-quoted.csv": { tables: [
    { name: "Imported table", die: "d3", how: "read", rows: ["2: 1 Shrine || A small shrine.\nCandles still burn.", "4: 2 Well || Dry", "5: 3 Statue || Its eyes follow you"] },
  ] },
  "20-csv-looking-first-line-is-lines.txt": { tables: [
    { name: "Imported table", die: "d4", how: "guessed", rows: ["1: 1 Goblins, three of them", "2: 2 Wolves, a pack of five", "3: 3 A lone ogre", "4: 4 Nothing, just wind"] },
  ] },
  "21-numbered-equals.txt": { tables: [
    { name: "Encounters", die: "d4", how: "read", rows: ["2: 1 Rats", "3: 2 Bats", "4: 3 Cats", "5: 4 A very lost merchant"] },
  ] },
  "22-numbered-dots.txt": { tables: [
    { name: "Imported table", die: "d6", how: "guessed", rows: ["1: 1 Ash rain", "2: 2 Still air", "3: 3 Cold wind", "4: 4 Grey fog", "5: 5 Thunder", "6: 6 Red sky"] },
  ] },
  "23-numbered-parens-and-colons.txt": { tables: [
    { name: "Room contents", die: "d8", how: "read", rows: ["2: 1 Empty", "3: 2 Empty", "4: 3 A trap", "5: 4 A trap", "6: 5 Monster", "7: 6 Monster", "8: 7 Monster and treasure", "9: 8 Treasure alone"] },
  ] },
  "24-to-ranges.txt": { tables: [
    { name: "Wilderness", die: "d20", how: "read", rows: ["2: 1-4 Rats", "3: 5-8 Bandits", "4: 9-12 Wolves", "5: 13-16 Ogre", "6: 17-19 Owlbear", "7: 20 Dragon"] },
  ] },
  "25-unicode-dashes.txt": { tables: [
    { name: "Weather", die: "d12", how: "read", rows: ["2: 1-2 Sun", "3: 3-4 Cloud", "4: 5-6 Rain", "5: 7-8 Wind", "6: 9-10 Fog", "7: 11-12 Storm"] },
  ] },
  "26-or-less-or-more.txt": { tables: [
    { name: "Morale", die: "2d6", how: "read", rows: ["2: 2 Flee at once", "3: 3-6 Waver", "4: 7-9 Hold", "5: 10+ Fight to the death"] },
  ] },
  "27-le-ge-symbols.txt": { tables: [
    { name: "Reaction", die: "d10", how: "read", rows: ["2: 1-2 Attack", "3: 3-5 Threaten", "4: 6-8 Parley", "5: 9+ Offer help"] },
  ] },
  "28-d10-zero-to-nine.txt": { tables: [
    { name: "Ghost's whisper", die: "d10", how: "read", rows: ["2: 10 Your name", "3: 1 A date", "4: 2 A colour", "5: 3 A number", "6: 4 A place", "7: 5 A smell", "8: 6 A song", "9: 7 A warning", "10: 8 A promise", "11: 9 Nothing at all"] },
  ] },
  "29-pdf-wrapped-number-line.txt": { tables: [
    { name: "What's in the chest", die: "d6", how: "read", rows: ["2: 1 A purse holding 20 gold pieces and a rusty key.", "4: 2 A silver ring engraved with an owl.", "5: 3 A snake. It is angry.", "6: 4 Three candles and a prayer book.", "7: 5 Nothing; the chest is a mimic.", "8: 6 A map of the lower halls."] },
  ] },
  "30-pdf-wrapped-plain.txt": { tables: [
    { name: "Strangers on the road", die: "d4", how: "read", rows: ["2: 1 A tinker with a cart full of pots, who will trade for news of the capital.", "4: 2 A pilgrim walking barefoot to the shrine of the drowned saint.", "6: 3 Two soldiers who deserted after the battle at the ford and want no witnesses.", "8: 4 A child who claims to be the lost heir."] },
  ] },
  "31-pdf-hyphenated.txt": { tables: [
    { name: "Smells", die: "d3", how: "read", rows: ["2: 1 Burnt hair and old tallow candles.", "4: 2 Wet dog.", "5: 3 Roses, faintly."] },
  ] },
  "32-long-entry-split.txt": { tables: [
    { name: "Visions", die: "d3", how: "read", rows: ["2: 1 The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest. || The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest. The sky splits open and a great eye looks down on the valley, blinking once for every soul that will die before the harvest.", "3: 2 Nothing.", "4: 3 A bird."] },
  ] },
  "33-forum-post.txt": { tables: [
    { name: "Dungeon Dressing", die: "d6", how: "read", rows: ["4: 1 Puddles of stagnant water", "5: 2 Scratches on the walls, counting days", "6: 3 A broken sword", "7: 4 Old bones, gnawed", "8: 5 Burnt-out torches", "9: 6 Fresh footprints"] },
  ] },
  "34-forum-bullets-bold-keys.md": { tables: [
    { name: "Hex features", die: "d6", how: "read", rows: ["3: 1 A lonely tower", "4: 2 A ruined bridge", "5: 3 A standing stone", "6: 4 A burned farm", "7: 5 A tar pit", "8: 6 A hermit's hut"] },
  ] },
  "35-plain-list-asList.txt": { options: { asList: true }, tables: [
    { name: "Tavern names", die: "d5", how: "list", rows: ["2: 1 The Drowned Rat", "3: 2 The Gilded Goose", "4: 3 The Ninth Bell", "5: 4 The Sleeping Giant", "6: 5 The Crooked Crown"] },
  ] },
  "36-numbered-list-asList.txt": { options: { asList: true }, tables: [
    { name: "Imported table", die: "d5", how: "list", rows: ["1: 1 Aldo", "2: 2 Brin", "3: 3 Cato", "4: 4 Dara", "5: 5 Esk"] },
  ] },
  "37-whole-page-linked.txt": { tables: [
    { name: "START", die: "d6", how: "read", rows: ["2: 1-2 A muddy crossroads. Go to the section below named 'WEATHER'. → weather×1", "3: 3-4 A crumbling tower. Roll on ENCOUNTERS. → encounters×1", "4: 5 A quiet inn. Roll twice. → start-again×2", "5: 6 A shrine. Reroll. → start-again×1"] },
    { name: "WEATHER", die: "d4", how: "read", rows: ["8: 1 Rain", "9: 2 Fog", "10: 3 Sun", "11: 4 Storm. Roll on ENCOUNTERS. → encounters×1"] },
    { name: "ENCOUNTERS", die: "d6", how: "read", rows: ["14: 1-2 Bandits", "15: 3-4 Pilgrims", "16: 5 Wolves", "17: 6 A knight"] },
    { name: "START (rolled again)", die: "weights", how: "weights", rows: ["2: weight 2 A muddy crossroads. Go to the section below named 'WEATHER'. → weather×1", "3: weight 2 A crumbling tower. Roll on ENCOUNTERS. → encounters×1"] },
  ], links: ["start#1 section → weather", "start#2 roll-on → encounters", "start#3 roll-again → start-again", "start#4 reroll → start-again", "weather#4 roll-on → encounters"] },
  "38-page-markdown-headings.md": { tables: [
    { name: "Ruin Type", die: "d4", how: "read", rows: ["4: 1 Temple. Roll on Ruin Guardian. → ruin-guardian×1", "5: 2 Fort", "6: 3 Tomb. Roll on Ruin Guardian. → ruin-guardian×1", "7: 4 Tower"] },
    { name: "Ruin Guardian", die: "d6", how: "read", rows: ["12: 1-2 Skeletons", "13: 3-4 A golem", "14: 5-6 Nothing"] },
  ], links: ["ruin-type#1 roll-on → ruin-guardian", "ruin-type#3 roll-on → ruin-guardian"] },
  "39-page-bold-titles-lines.txt": { tables: [
    { name: "Weather", die: "d4", how: "guessed", rows: ["2: 1 Dry", "3: 2 Wet", "4: 3 Windy", "5: 4 Still"] },
    { name: "Season", die: "d4", how: "guessed", rows: ["8: 1 Spring", "9: 2 Summer", "10: 3 Autumn", "11: 4 Winter"] },
  ] },
  "40-page-unknown-target.txt": { tables: [
    { name: "DOORS", die: "d4", how: "read", rows: ["2: 1 Locked. Roll on KEYS. → keys×1", "3: 2 Stuck", "4: 3 Open", "5: 4 Trapped. Roll on TRAPS."] },
    { name: "KEYS", die: "d4", how: "read", rows: ["8: 1 Iron key", "9: 2 Bone key", "10: 3 Glass key", "11: 4 No key"] },
  ], links: ["doors#1 roll-on → keys", "doors#4 roll-on → not found"] },
  "41-page-loop-refused.txt": { refuse: [[2, "The tables roll on each other in a loop (a → b → a"]] },
  "42-table-twice-on-other.txt": { tables: [
    { name: "HOARD", die: "d4", how: "read", rows: ["2: 1 Coins", "3: 2 Roll twice on GEMS → gems×2", "4: 3 Art", "5: 4 Magic"] },
    { name: "GEMS", die: "d4", how: "read", rows: ["8: 1 Ruby", "9: 2 Opal", "10: 3 Jet", "11: 4 Pearl"] },
  ], links: ["hoard#2 roll-again → gems"] },
  "43-d100-numbered.txt": { tables: [
    { name: "Curios", die: "d100", how: "read", rows: ["2: 1-10 A glass eye", "3: 11-30 A lock of hair", "4: 31-60 A pressed flower", "5: 61-90 A tooth", "6: 91-100 A ring of keys to nothing"] },
  ] },
  "44-weights-markdown.md": { tables: [
    { name: "Imported table", die: "weights", how: "weights", rows: ["3: weight 3 Torch", "4: weight 2 Rope", "5: weight 1 Lantern"] },
  ] },
  "45-empty-refused.txt": { refuse: [[null, "The text is empty: paste a table, or open a file"]] },
  "46-prose-only-refused.txt": { refuse: [[null, "No roll values were found: this reads as a plain l"]] },
  "47-bad-die-header-refused.md": { refuse: [[1, "The first column must be the die (such as “d6”, “2"]] },
  "48-two-equals-bad-row-refused.txt": { refuse: [[2, "“two = Bat” does not start with a roll value: writ"]] },
  "49-caption-after-table.md": { tables: [
    { name: "Imported table", die: "d4", how: "read", rows: ["3: 1 Rain", "4: 2 Sun", "5: 3 Fog", "6: 4 Snow"] },
  ] },
  "50-d20-numbered-with-gap-fill.txt": { tables: [
    { name: "Trinkets", die: "d20", how: "read", rows: ["2: 1-5 A button", "3: 6-10 A key", "4: 11-15 A coin", "5: 17-20 A feather"], uncovered: "16" },
  ] },
  "51-3d6.md": { tables: [
    { name: "Imported table", die: "3d6", how: "read", rows: ["3: 3-5 Hostile", "4: 6-8 Wary", "5: 9-12 Neutral", "6: 13-15 Friendly", "7: 16-18 Devoted"] },
  ] },
  "52-details-too-long-refused.txt": { refuse: [[3, "The row “A tale of ages.” cannot be kept: its deta"]] },
  "53-lines-with-title-heading-md.md": { tables: [
    { name: "Swamp Hazards", die: "d4", how: "guessed", rows: ["2: 1 Leeches || lose 1 blood", "3: 2 Sinkhole || climb out or drown", "4: 3 Gas || hold your breath", "5: 4 Nothing || lucky you"] },
  ] },
  "54-outside-die-refused.txt": { refuse: [[4, "row 3 (“Silence”) is keyed 5-7, outside 1-6, what "]] },
  "55-page-no-blank-lines.txt": { tables: [
    { name: "WEATHER", die: "d2", how: "guessed", rows: ["2: 1 Rain", "3: 2 Fog"] },
    { name: "SEASON", die: "d2", how: "guessed", rows: ["5: 1 Spring", "6: 2 Summer"] },
  ] },
  "56-forum-bold-numbers-with-dots.md": { tables: [
    { name: "Imported table", die: "d3", how: "guessed", rows: ["1: 1 Goblins", "2: 2 Orcs", "3: 3 Trolls"] },
  ] },
  "57-book-table-number-title.txt": { tables: [
    { name: "Cave Contents", die: "d6", how: "read", rows: ["2: 1-2 Bats", "3: 3-4 Bears", "4: 5-6 Nothing"] },
  ] },
  "58-2d6-roll-again-on-this-table.txt": { tables: [
    { name: "ENCOUNTERS", die: "2d6", how: "read", rows: ["2: 2-4 Dragon", "3: 5-9 Goblins, roll again on this table for their leader → encounters-again×1", "4: 10-12 Nothing"] },
    { name: "ENCOUNTERS (rolled again)", die: "weights", how: "weights", rows: ["2: weight 6 Dragon", "4: weight 6 Nothing"] },
  ], links: ["encounters#2 reroll → encounters-again"] },
  "60-foundry-v9.json": { tables: [
    { name: "Wandering Monsters", die: "d6", how: "read", rows: ["14: 1-3 Goblins", "29: 4-5 Orcs", "44: 6 A troll & its pet"] },
  ] },
  "61-foundry-v11-links.json": { tables: [
    { name: "Dungeon Room", die: "d4", how: "read", rows: ["9: 1-2 Empty room", "22: 3 Treasure → treasure×1", "35: 4 Longsword"] },
    { name: "Treasure", die: "d2", how: "read", rows: ["56: 1 10 gold", "67: 2 A gem\nworth 50 gold"] },
  ], links: ["dungeon-room#2 foundry → treasure"] },
  "62-foundry-v12.json": { tables: [
    { name: "Weather v12", die: "d4", how: "read", rows: ["10: 1 Clear", "25: 2-3 Rain", "36: 4 Storm Spirit"] },
  ] },
  "63-foundry-v13.json": { tables: [
    { name: "Road Events", die: "d6", how: "read", rows: ["9: 1-2 Broken wheel || Lose half a day.", "21: 3-4 Merchant || Sells rope & oil.\nBuys furs.", "33: 5 Bandit", "46: 6 Weather v13"] },
  ], links: ["road-events#4 foundry → not found"] },
  "64-foundry-messy-d101-duplicate.json": { tables: [
    { name: "Community Loot (messy)", die: "d101", how: "read", rows: ["7: 1-10 Loot 1-10", "18: 11-20 Loot 11-20", "29: 21-30 Loot 21-30", "40: 31-40 Loot 31-40", "51: 41-50 Loot 41-50", "62: 51-60 Loot 51-60", "73: 61-70 Loot 61-70", "84: 71-80 Loot 71-80", "95: 81-90 Loot 81-90", "106: 91-100 Loot 91-100"], uncovered: "101" },
  ] },
  "65-foundry-overlap-refused.json": { refuse: [[16, "row 2 (“Darts”) overlaps row 1 (“Pit”) on 8-10 (li"]] },
  "66-foundry-formula-unrollable.json": { tables: [
    { name: "Skill Check Fumbles", die: "d4", how: "guessed", rows: ["7: 1-2 Trip", "16: 3-4 Drop weapon"] },
  ] },
  "67-foundry-compendium-lines.db": { tables: [
    { name: "Herbs", die: "d2", how: "read", rows: ["1: 1 Sage", "1: 2 Thyme"] },
    { name: "Poisons", die: "d2", how: "read", rows: ["2: 1 Hemlock", "2: 2 Nightshade"] },
  ] },
  "68-foundry-not-a-table-refused.json": { refuse: [[1, "Document 1 (a npc) is not a Foundry RollTable: A F"]] },
  "69-foundry-broken-json-refused.json": { refuse: [[5, "This is not valid JSON (Expected ',' or '}' after "]] },};

function rowsOf(p: ImportPreview): ExpectTable[] {
  return p.tables.map((t) => ({
    name: t.table.name,
    die: t.table.die ?? 'weights',
    how: t.die.how,
    rows: t.table.rows.map((r, i) => `${t.rowLines[i] ?? '-'}: ${formatRange(r.range, r.weight)} ${r.label}${r.details ? ` || ${r.details}` : ''}${r.rollOn ? ` → ${r.rollOn.table}×${r.rollOn.times}` : ''}`),
    ...(t.coverage?.uncoveredCount ? { uncovered: t.coverage.uncovered.map((u) => (u.from === u.to ? String(u.from) : `${u.from}-${u.to}`)).join(', ') } : {}),
  }));
}

const files = fs.readdirSync(DIR).sort();

describe('the paste corpus', () => {
  it('holds more than 50 real-shaped pastes, every one with an expectation', () => {
    expect(files.length).toBeGreaterThanOrEqual(50);
    expect(files.filter((f) => !(f in CORPUS))).toEqual([]);
    expect(Object.keys(CORPUS).filter((f) => !files.includes(f))).toEqual([]);
  });

  for (const file of files) {
    it(file, () => {
      const expected = CORPUS[file]!;
      const p = previewImport(fs.readFileSync(path.join(DIR, file), 'utf8'), expected.options ?? (file.includes('asList') ? { asList: true } : {}));
      if ('refuse' in expected) {
        expect(p.problems.map((x) => [x.line, x.message.slice(0, 50)])).toEqual(expected.refuse);
        expect(refusal(p)).toMatch(/^Not imported: /);
        return;
      }
      expect(p.problems).toEqual([]);
      expect(rowsOf(p)).toEqual(expected.tables);
      expect(p.links.map((l) => `${l.table}#${l.row + 1} ${l.kind} → ${l.resolved?.key ?? 'not found'}`)).toEqual(expected.links ?? []);
    });
  }
});
