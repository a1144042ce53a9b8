// Importing tables in the browser: a whole page of linked tables pasted, previewed with its
// coverage and links, saved at once, and rolled — the chain of nested rolls shows in the roll
// tree and in the ledger. A page whose rooms loop back imports whole, each loop named with its
// keep or drop. A Foundry VTT export opened as a file, and exported back.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api } from './board-helpers.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function openTables(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await page.getByRole('button', { name: 'Tables', exact: true }).click();
}

// Every row of the first table sends the roll on, so any roll shows a chain.
const PAGE = `Here is the road table from my zine, enjoy!

ROAD - Roll a d4 to see where the road takes you
1-2 A muddy crossroads. Go to the section below named 'WEATHER'.
3 A crumbling tower. Roll on ENCOUNTERS.
4 A quiet inn. Roll twice.

WEATHER - Roll a d4 for the sky
1 Rain
2 Fog
3 Sun, and on the road
ahead a rider waves.
4 Storm. Roll on ENCOUNTERS.

ENCOUNTERS - Roll a d6 for who you meet
1-2 Bandits
3-4 Pilgrims
5 Wolves
6 A knight`;

test('a whole page of linked tables: preview with coverage and links, save, roll the first, see the chain', async ({
  page,
}, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Table text').fill(PAGE);

  const preview = dialog.getByLabel('Preview');
  await expect(preview.getByText('A page of tables')).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Table ROAD', exact: true })).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Table WEATHER' })).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Table ENCOUNTERS' })).toBeVisible();
  // "Roll twice" rolls ROAD itself twice: no companion table.
  await expect(preview.getByRole('region', { name: 'Table ROAD (rolled again)' })).toHaveCount(0);
  const links = preview.getByRole('region', { name: 'Links' });
  await expect(links.locator('li')).toHaveCount(4);
  await expect(links).toContainText("ROAD row 1: “Go to the section below named 'WEATHER'” → WEATHER");
  await expect(links).toContainText('ROAD row 3: “Roll twice” → ROAD ×2');
  await expect(links).toContainText('WEATHER row 4: “Roll on ENCOUNTERS” → ENCOUNTERS');
  // The die was read from each title; every result is covered; the wrapped line was joined.
  await expect(preview.getByRole('region', { name: 'Table ROAD', exact: true }).getByTestId('die-line')).toContainText(
    'd4 read from line 3',
  );
  await expect(preview.getByRole('region', { name: 'Table ENCOUNTERS' }).getByTestId('coverage')).toHaveText(
    'Every result 1-6 of d6 has a row.',
  );
  await expect(preview.getByRole('region', { name: 'Table WEATHER' })).toContainText('line 12 joined: a wrapped line');
  await expect(preview.getByText('No problems found.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-page-links.png') });

  await dialog.getByRole('button', { name: 'Save 3 tables' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('ROAD');

  await page.getByLabel('Table to roll').selectOption({ label: 'ROAD' });
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  const result = page.locator('.roll-result');
  // The first table's node, and at least one nested node under it: the chain.
  await expect(result.locator('.roll-node').first().locator('.roll-node').first()).toBeVisible();
  const line = page.getByTestId('ledger-line');
  await expect(line).toHaveText(/^\d = \d on d4 → .+ \(ROAD\) ⟶ .+ \((WEATHER|ENCOUNTERS|ROAD)\)/);
  const explain = await line.textContent();
  await page.screenshot({ path: testInfo.outputPath('import-page-rolled.png') });
  await page.getByRole('button', { name: 'Ledger', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Rolls' }).locator('li').first()).toContainText(explain!);
});

test('a page whose rooms loop back imports whole: each section’s closing line links every row back, the preview names each loop with its chain and a keep or drop, a dropped one saves as text, and a roll ends at a link back saying so', async ({
  page,
  request,
}, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table text')
    .fill(fs.readFileSync('src-main/tables/fixtures/pastes/173-page-rooms-loop-back.txt', 'utf8'));
  const preview = dialog.getByLabel('Preview');
  const links = preview.getByRole('region', { name: 'Links' });
  await expect(links.getByRole('heading')).toHaveText('Links between tables · 25 loops back');
  await expect(links.getByTestId('loop')).toHaveCount(25);
  const emptyHalls = links.locator('li', { hasText: 'EMPTY HALLS row 6' });
  await expect(emptyHalls.getByTestId('loop')).toContainText(
    'Loop: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM — a roll ends here and says so',
  );
  await expect(links.locator('li', { hasText: 'SHRINES row 6' }).getByTestId('loop')).toContainText(
    'Loop: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
  );
  const control = dialog.getByLabel('Loop at EMPTY HALLS row 6');
  await expect(control).toHaveValue('keep');
  await expect(preview.getByTestId('verdict')).toHaveText('No problems found.');
  await emptyHalls.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('import-loops.png') });
  const lairs = preview.getByRole('region', { name: 'Table LAIRS' });
  await expect(lairs.locator('tbody tr').nth(3)).toContainText(
    'goes back to DUNGEON ROOM (DUNGEON ROOM → LAIRS → DUNGEON ROOM): kept as a link, a roll ends there and says so',
  );
  await lairs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('import-loop-card.png') });

  await control.selectOption('drop');
  await expect(emptyHalls.getByTestId('loop')).toContainText('dropped: the words stay text');
  await expect(preview.getByRole('region', { name: 'Table EMPTY HALLS' })).toContainText(
    "“go to the section named 'DUNGEON ROOM'” goes back to DUNGEON ROOM (DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM): dropped, kept as text",
  );
  await page.screenshot({ path: testInfo.outputPath('import-loop-dropped.png') });
  await dialog.getByRole('button', { name: 'Save 7 tables' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('DUNGEON ROOM');
  const halls = await api<{ table: { rows: { rollOn: unknown }[] } }>(request, host, 'tables.get', {
    key: 'empty-halls',
  });
  expect(halls.table.rows[5]!.rollOn).toBeNull();

  await api(request, host, 'dice.setSeed', { seed: 2 });
  await page.getByLabel('Table to roll').selectOption({ label: 'DUNGEON ROOM' });
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  const loopText =
    'loops back to DUNGEON ROOM, already on this roll (DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM): the roll ends here';
  await expect(page.getByTestId('ledger-line')).toHaveText(
    new RegExp(`\\(TREASURE\\) ⟶ ${loopText.replace(/[()]/g, '\\$&')}$`),
  );
  await expect(page.locator('.roll-result .roll-loop')).toHaveText(`⟲ ${loopText}`);
  await page.getByRole('region', { name: 'Notices' }).getByRole('button', { name: 'Dismiss' }).click();
  await page.locator('.roll-result .roll-loop').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('import-loop-rolled.png') });

  // Exported as a pack, the same tables preview with their loops named, not refused.
  const keys = ['dungeon-room', 'empty-halls', 'lairs', 'special-room', 'shrines', 'treasure', 'vaults'];
  const pack = await api<{ text: string }>(request, host, 'tables.export', { keys, format: 'json' });
  await page.getByRole('button', { name: 'Import…' }).click();
  await dialog.getByLabel('Table text').fill(pack.text);
  const loops = preview.getByRole('region', { name: 'Loops' });
  // Every row that came back through its section's closing line is a loop of its own; the one
  // dropped before the export was saved as text and links nowhere.
  await expect(loops.locator('li')).toHaveText([
    'EMPTY HALLS row 1: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM',
    'EMPTY HALLS row 2: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM',
    'EMPTY HALLS row 3: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM',
    'EMPTY HALLS row 4: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM',
    'EMPTY HALLS row 5: DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM',
    'LAIRS row 1: DUNGEON ROOM → LAIRS → DUNGEON ROOM',
    'LAIRS row 2: DUNGEON ROOM → LAIRS → DUNGEON ROOM',
    'LAIRS row 3: DUNGEON ROOM → LAIRS → DUNGEON ROOM',
    'LAIRS row 4: DUNGEON ROOM → LAIRS → DUNGEON ROOM',
    'SPECIAL ROOM row 3: DUNGEON ROOM → SPECIAL ROOM → DUNGEON ROOM',
    'SPECIAL ROOM row 4: DUNGEON ROOM → SPECIAL ROOM → DUNGEON ROOM',
    'SHRINES row 1: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'SHRINES row 2: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'SHRINES row 3: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'SHRINES row 4: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'SHRINES row 5: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'SHRINES row 6: DUNGEON ROOM → SPECIAL ROOM → SHRINES → DUNGEON ROOM',
    'TREASURE row 1: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'TREASURE row 2: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'TREASURE row 3: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'TREASURE row 4: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'TREASURE row 5: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'TREASURE row 6: DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM',
    'VAULTS row 3: DUNGEON ROOM → VAULTS → DUNGEON ROOM',
  ]);
  await page.screenshot({ path: testInfo.outputPath('import-pack-loops.png') });
});

test('uncovered results need a choice before saving; the choice is what is saved', async ({ page }, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table text')
    .fill(
      '**Random Encounters (d20)**\n1 to 4: Rats\n5–8: Bandits\n9‑12: Wolves\n13−16: Ogre\n17 to 19: Owlbear. Roll on TROLLS.',
    );
  const preview = dialog.getByLabel('Preview');
  await expect(preview.getByTestId('coverage')).toHaveText('No row covers 20.');
  await expect(preview.getByLabel('Uncovered results')).toContainText('no row of Random Encounters covers 20.');
  await expect(preview.getByRole('region', { name: 'Links' })).toContainText('“TROLLS” not found: kept as text');
  await expect(dialog.getByRole('button', { name: 'Save table' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('import-gap-choice.png') });

  await dialog.getByLabel('Fill: stretch the row above over them').check();
  await expect(preview.getByTestId('coverage')).toHaveText('Every result 1-20 of d20 has a row.');
  await expect(preview.locator('tbody tr').last()).toContainText('17-20');
  await dialog.getByRole('button', { name: 'Save table' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('Random Encounters');
  await expect(page.getByLabel('Row 5 roll')).toHaveValue('17-20');
});

test('a Foundry VTT export opened as a file imports through the same dialog, and a table exports back to Foundry', async ({
  page,
}, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table file')
    .setInputFiles('src-main/tables/fixtures/pastes/64-foundry-messy-d101-duplicate.json');
  const preview = dialog.getByLabel('Preview');
  await expect(preview.getByText('Foundry VTT RollTable')).toBeVisible();
  await expect(preview.getByTestId('die-line')).toContainText('d101 read from the formula “1d101”');
  await expect(preview.getByTestId('coverage')).toHaveText('No row covers 101.');
  await preview.getByText(/How the text was read/).click();
  await expect(preview).toContainText('result 11 (“Loot 31-40”) repeats an earlier result exactly and was left out');
  await dialog.getByLabel('Re-roll: roll again when they come up').check();
  await expect(preview.getByRole('region', { name: 'Table Community Loot (messy) (rolled again)' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-foundry.png') });
  await dialog.getByRole('button', { name: 'Save 2 tables' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('Community Loot (messy)');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Foundry VTT' }).click();
  const file = await (await download).path();
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string;
    formula: string;
    results: { range: number[]; type: string; documentUuid?: string }[];
  };
  expect(doc.name).toBe('Community Loot (messy)');
  expect(doc.formula).toBe('1d101');
  expect(doc.results).toHaveLength(11);
  expect(doc.results[10]).toMatchObject({
    range: [101, 101],
    type: 'document',
    documentUuid: expect.stringMatching(/^RollTable\.[A-Za-z0-9]{16}$/),
  });
});

test('refusals name their lines; a list without a die imports as a uniform table when the Judge says so; too long a paste is refused with the limit', async ({
  page,
}, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  const preview = dialog.getByLabel('Preview');
  await dialog
    .getByLabel('Table text')
    .fill(
      'Inn names\n\n| Name | Sign |\n|---|---|\n| The Drowned Rat | a rat |\n| The Ninth Bell | a bell |\n| The Crooked Crown | a crown |',
    );
  await expect(preview.getByLabel('Problems')).toHaveText(
    'Line 3: The first column must be the die (such as “d6”, “2d6” or “Roll”); found “Name”. Put the die or “Roll” in the first header cell, or tick “Import as a plain list”',
  );
  await page.screenshot({ path: testInfo.outputPath('import-refused.png') });
  await dialog.getByLabel(/Import as a plain list/).check();
  await expect(preview.getByTestId('die-line')).toContainText('d3 one per entry');
  await expect(preview.locator('tbody tr')).toHaveText([
    /1The Drowned Rat\s*a rat/,
    /2The Ninth Bell\s*a bell/,
    /3The Crooked Crown\s*a crown/,
  ]);
  await dialog.getByRole('button', { name: 'Save table' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('Inn names');
  await expect(page.getByLabel('Row 3 result')).toHaveValue('The Crooked Crown');

  // Ticked on a table that carries its own keys, the plain list leaves the key column out, and says so.
  await page.getByRole('button', { name: 'Import…' }).click();
  await dialog
    .getByLabel('Table text')
    .fill('Random Weather (d4)\n| d4 | Weather |\n| --- | --- |\n| 1 | Rain |\n| 2 | Fog |\n| 3 | Sun |\n| 4 | Snow |');
  await dialog.getByLabel(/Import as a plain list/).check();
  await expect(preview.getByTestId('die-line')).toContainText('d4 one per entry');
  await expect(preview.locator('tbody tr')).toHaveText([
    /^\s*4\s*1\s*Rain\s*$/,
    /^\s*5\s*2\s*Fog\s*$/,
    /^\s*6\s*3\s*Sun\s*$/,
    /^\s*7\s*4\s*Snow\s*$/,
  ]);
  await expect(preview).toContainText(
    'the first column (“d4”) holds roll values: as a plain list each row is one face, so that column is left out',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Import…' }).click();
  await dialog.getByLabel('Table text').fill(`1 = ${'x'.repeat(2_000_000)}`);
  await expect(dialog.getByRole('alert')).toHaveText(
    'The text is 2,000,004 characters; the import takes at most 2,000,000 at once. Split it into several imports.',
  );
  await expect(dialog.getByRole('button', { name: 'Save table' })).toBeDisabled();
});

test('the verdict is clean only when every result has a row: fill on a d66, keep said as "no entry", a misread die offers its fix, what was left out and every column are shown, and Save stays where it is', async ({
  page,
}, testInfo) => {
  host = await startHost(tempDataDir());
  await openTables(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  const preview = dialog.getByLabel('Preview');
  const text = dialog.getByLabel('Table text');
  const save = dialog.getByRole('button', { name: 'Save table' });

  // A d66 missing its 21-26: a choice is needed; keep is said as "no entry"; fill covers it.
  await text.fill(fs.readFileSync('src-main/tables/fixtures/pastes/72-d66-missing-tens.txt', 'utf8'));
  await expect(preview.getByTestId('verdict')).toHaveText('Not saved yet: choose what the uncovered results do.');
  await expect(save).toBeDisabled();
  const where = await save.boundingBox();
  await dialog.getByLabel('Keep: those rolls give “no entry”').check();
  await expect(preview.getByTestId('verdict')).toHaveText(
    'Saves with “no entry”: 21-26 of Strange Merchants — as you chose.',
  );
  await expect(preview.getByText('No problems found')).toHaveCount(0);
  await dialog.getByLabel('Fill: stretch the row above over them').check();
  await expect(preview.getByTestId('verdict')).toHaveText('No problems found · uncovered results: fill.');
  await expect(preview.getByTestId('coverage')).toHaveText('Every result 11-66 of d66 has a row.');
  await expect(preview.locator('tbody tr').first()).toContainText('11-26');
  await page.screenshot({ path: testInfo.outputPath('import-d66-fill.png') });

  // A die that does not fit the keys: one refusal naming every line, and its fix as one click.
  await text.fill(
    `Dungeon Graffiti (d6)\n${[11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 31, 32, 33, 34, 35, 36, 41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55, 56, 61, 62, 63, 64, 65, 66].map((k) => `${k} Mark ${k}`).join('\n')}`,
  );
  await expect(preview.getByLabel('Problems').locator('li')).toHaveText([
    'Line 2: 36 of 36 rows (lines 2-37) are keyed outside 1-6, what d6 can give: the keys look like d66 — type d66 in Die',
  ]);
  await expect(save).toBeDisabled();
  expect(await save.boundingBox()).toEqual(where);
  await page.screenshot({ path: testInfo.outputPath('import-die-hint.png') });
  await dialog.getByRole('button', { name: 'Use d66' }).click();
  await expect(dialog.getByLabel('Die', { exact: true })).toHaveValue('d66');
  await expect(preview.getByTestId('verdict')).toHaveText('No problems found.');
  await dialog.getByLabel('Die', { exact: true }).fill('');

  // A PDF page break inside a table: the page number and running header are left out, in plain sight.
  await text.fill(fs.readFileSync('src-main/tables/fixtures/pastes/81-pdf-page-number-running-header.txt', 'utf8'));
  await expect(preview.getByTestId('to-check')).toHaveText(
    'Check before saving: 2 pieces of text left out — see the notes and the rows below.',
  );
  const notes = preview.getByRole('region', { name: 'How the text was read' });
  await expect(notes).toBeVisible();
  await expect(notes.locator('li')).toHaveText([
    'Line 10: “42” between the rows is read as a page number and left out',
    'Line 11: “Chapter 3: The Wild” between the rows is read as a running header or footer beside a page number and left out',
  ]);
  await expect(preview.locator('tbody tr').nth(7)).toContainText('A lost child.');
  await expect(preview.locator('tbody tr').nth(7)).not.toContainText('Chapter');
  expect(await save.boundingBox()).toEqual(where);

  // Columns beyond the result are shown with each row.
  await text.fill(
    '| d4 | Treasure | Weight | Found in |\n|---|---|---|---|\n| 1 | Coins | 2 lb | a purse |\n| 2 | Gem | - | a boot |\n| 3 | Ring | - | a finger |\n| 4 | Key | 1 oz | a lock |',
  );
  await expect(preview.getByTestId('extra-columns')).toHaveText('Also kept with each row: Weight, Found in');
  await expect(preview.locator('tbody tr').first()).toContainText('Found in: a purse');
  expect(await save.boundingBox()).toEqual(where);
  await page.screenshot({ path: testInfo.outputPath('import-extra-columns.png') });
  await save.click();
  await expect(page.getByLabel('Table name')).toHaveValue('Imported table');
});
