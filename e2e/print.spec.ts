// Print (Gauntlet sheets ch.1/ch.4, party sheet, floor handout ch.9, loot cards ch.13) as real
// PDFs from Chromium, read back with pdftotext: the fields are there, the secrets are not.
import { expect, test, type Page } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';
import { printedPdf } from './print-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function pdf(page: Page, hash: string): Promise<{ text: string; pages: number; file: string }> {
  await page.goto(host.url + hash);
  return printedPdf(page);
}

test('Gauntlet sheets, one page each, never print a class before level 2; blank and party sheets', async ({ page }) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await page.getByRole('button', { name: 'Print all Gauntlets' }).click();
  await expect(page.locator('.gauntlet-sheet')).toHaveCount(4);

  const all = await pdf(page, '#/print/gauntlets');
  expect(all.pages).toBe(4);
  for (const field of [
    'Odile Vantreck',
    'Brother Quillam',
    'Sable Hartigan',
    'Wren of the Hollow',
    'Cinder Maul',
    'Tar-stitched Coat',
    'Torch × 4',
    'The Breaker',
    'The Witch',
    'Strange ◀',
    '740 (7 × 100)',
  ]) {
    expect(all.text).toContain(field);
  }
  // Brother Quillam and Sable Hartigan are level 1: their classes stay hidden (ch.1)
  expect(all.text).not.toContain('The Scholar');
  expect(all.text).not.toContain('The Bandit');
  expect(all.text.match(/revealed at level 2/g)).toHaveLength(2);

  const one = await pdf(page, '#/print/gauntlet/2');
  expect(one.pages).toBe(1);
  expect(one.text).toContain('Brother Quillam');
  expect(one.text).not.toContain('Odile');

  const blank = await pdf(page, '#/print/blank');
  expect(blank.pages).toBe(1);
  expect(blank.text).toContain('Crystal Gauntlet'.toUpperCase());

  const party = await pdf(page, '#/print/party');
  expect(party.pages).toBe(1);
  expect(party.text).toMatch(/Odile Vantreck\s+2\s+The Breaker\s+30\/36/);
  expect(party.text).not.toContain('The Scholar');
});

test('the floor handout shows what the party knows and no secret; loot cards fit nine to a page', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 12);
  await api(request, host, 'board.prerollFloor', { floor: 2 });
  await api(request, host, 'board.setRoom', {
    floor: 2,
    x: 0,
    y: 4,
    patch: {
      name: 'SECRET-VAULT',
      trap: { label: 'SECRET-TRAP', disabled: false },
      chest: true,
      stair: true,
      notes: 'SECRET-NOTE',
    },
  });
  await api(request, host, 'board.setRoom', {
    floor: 2,
    x: 2,
    y: 0,
    patch: { trap: { label: 'SECRET-ENTRY-TRAP', disabled: false }, notes: 'SECRET-ENTRY-NOTE' },
  });
  for (let f = 0; f < 2; f++) await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  const board = await api<BoardView>(request, host, 'board.view', { floor: 2 });
  const hidden = board.rooms
    .filter((r) => !r.revealed)
    .map((r) => r.name)
    .filter((n) => n && !board.rooms.some((k) => k.revealed && k.name === n));
  const entrance = board.rooms.find((r) => r.x === 2 && r.y === 0)!;

  const handout = await pdf(page, '#/print/floor/2');
  expect(handout.pages).toBe(1);
  expect(handout.text.replace(/\s+/g, ' ')).toContain('FLOOR 2, AS THE PARTY KNOWS IT');
  expect(handout.text).toContain(entrance.name);
  expect(handout.text).toContain('the party');
  expect(handout.text).not.toContain('SECRET');
  for (const name of hidden) expect(handout.text).not.toContain(name);

  const cards = await pdf(page, '#/print/loot/0,1,2,3,4,5,6,7,8,60,100,120');
  expect(cards.pages).toBe(2);
  const loot = (await api<{ table: { rows: { label: string }[] } }>(request, host, 'tables.get', { key: 'loot' })).table
    .rows;
  for (const i of [0, 8, 60, 100, 120]) expect(cards.text).toContain(loot[i]!.label);
  expect(cards.text).toMatch(/Rare/);
});
