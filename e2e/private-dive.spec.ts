// Four players' own screens (one browser context each, at phone size) and the shared players'
// screen through a scripted dive with a fight: after every step each private page shows its own
// Lichslayer's numbers as the Gauntlet holds them, and the leak probe runs over every page's text
// and every push it received, finding none of the board's, another Lichslayer's or the Judge's
// secrets, nor its own class before level 2 (ch.1, ch.2, ch.8, ch.11).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeFindings } from './axe-helpers.ts';
import type { BoardView } from '../src-shared/board.ts';
import type { CampaignView } from '../src-shared/contract.ts';
import type { PhaseView } from '../src-shared/phase.ts';
import type { PrivateLinksView } from '../src-shared/private-view.ts';
import { secretsOf } from '../src-main/test-support/leak-probe.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

const SHOTS = process.env.PRIVATE_SHOTS ?? 'test-results/shots/private-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/** A page in a context of its own, keeping every push its socket receives. */
async function screen(browser: Browser, url: string, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const pushes: string[] = [];
  /** When each push arrived, for the report's figure of how soon a phone hears a change. */
  const arrived: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      pushes.push(String(f.payload));
      arrived.push(Date.now());
    }),
  );
  await page.goto(url);
  let probed = 0;
  /** The page's text and the pushes since the last read, the revision counter left out (it is no campaign content). */
  const read = async () => {
    const fresh = pushes.slice(probed);
    probed = pushes.length;
    return [await page.locator('body').innerText(), ...fresh].join('\n').replace(/"revision":\d+/g, '');
  };
  return { page, pushes, arrived, read };
}

/** The Gauntlet's numbers on a private page, as the page shows them. */
async function expectGauntlet(me: Page, l: CampaignView['roster'][number]): Promise<void> {
  await expect(me.getByRole('heading', { level: 1 })).toHaveText(l.name);
  await expect(me.locator('[data-stat="health"]')).toHaveText(`${l.health}/${l.maxHealth}`);
  await expect(me.locator('[data-stat="armor"]')).toHaveText(`${l.armor}/${l.maxArmor}`);
  await expect(me.locator('[data-stat="magic"]')).toHaveText(String(l.derived.magic.value));
  await expect(me.locator('[data-stat="gold"]')).toHaveText(String(l.gold));
}

test('four private screens and the shared one through a scripted dive with a fight: each follows its own Gauntlet, and the leak probe finds no secret on any page or push (ch.1, ch.2, ch.11)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  host = await startHost(tempDataDir(), 0, ['--players-on-lan']);
  await openSeededDemo(page, request, host, 916);
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  expect(roster.map((l) => l.name)).toEqual([
    'Odile Vantreck',
    'Brother Quillam',
    'Sable Hartigan',
    'Wren of the Hollow',
  ]);
  // Each Lichslayer's own secrets: a class (hidden below level 2), a purse and the Judge's notes.
  // Odile is level 2: her class and her Break are hers to see; the others' are hidden even from them.
  for (const [i, l] of roster.entries())
    await api(request, host, 'lichslayer.update', {
      id: l.id,
      patch: {
        level: i === 0 ? 2 : 1,
        hiddenClass: `SECRET-CLASS-${i}`,
        gold: 4301 + i * 17,
        notes: `JUDGE-NOTE-${i}`,
      },
    });
  const urls: string[] = [];
  for (const l of roster) {
    const links = await api<PrivateLinksView>(request, host, 'private.issue', { lichslayerId: l.id });
    urls.push(links.links.find((k) => k.lichslayerId === l.id)!.url);
  }
  const shared = await screen(browser, host.playersUrl, 1366, 768);
  const phones = await Promise.all(urls.map((u) => screen(browser, u, 360, 740)));

  const steps: [string, unknown][] = [
    ['board.prerollFloor', { floor: 1 }],
    ['board.setRoom', { floor: 1, x: 0, y: 0, patch: { name: 'Sealed Ossuary of Nine', notes: 'Judge: it floods' } }],
    ['board.enterFloor', { floor: 1 }],
    ['board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault' }, revealed: true }],
    [
      'board.addToken',
      { kind: 'entity', name: 'Lurking Veilwraith', colour: 'Black', floor: 1, x: 2, y: 0, hidden: true },
    ],
    ['board.addToken', { kind: 'entity', name: 'Grinning Husk', colour: 'Red', floor: 1, x: 2, y: 0, health: 7331 }],
    ['phase.send', { event: { type: 'ENEMIES_ENTER' } }],
    ['challenge.roll', { lichslayerId: roster[1]!.id, target: 12, sanity: true, cause: 'The Husk grins' }],
    ['lichslayer.update', { id: roster[2]!.id, patch: { health: 3, sanity: 'strange' } }],
    ['phase.nextTurn', {}],
    ['lichslayer.update', { id: roster[3]!.id, patch: { level: 2 } }],
    ['town.nextDay', { duringDive: true }],
    ['history.undo', {}],
    ['history.redo', {}],
  ];
  const leaks: string[] = [];
  let probes = 0;
  let pagesProbed = 0;
  /** The longest from sending a command to a phone hearing its push: a figure for the report, never a pass mark. */
  let slowest = 0;
  for (const [command, args] of steps) {
    const sent = Date.now();
    await api(request, host, command, args);
    const gauntlets = (await api<CampaignView>(request, host, 'campaign.current')).roster;
    const boards = await Promise.all([1, 2, 3].map((floor) => api<BoardView>(request, host, 'board.view', { floor })));
    const board = [...secretsOf(boards), '7331', 'Lurking Veilwraith'];
    await Promise.all(gauntlets.map((l, i) => expectGauntlet(phones[i]!.page, l)));
    for (const p of phones) slowest = Math.max(slowest, ...p.arrived.filter((t) => t >= sent).map((t) => t - sent));
    for (const [i, l] of gauntlets.entries()) {
      const me = phones[i]!;
      const others = gauntlets.filter((o) => o.id !== l.id);
      const secrets = [
        ...board.filter((s) => s !== l.hiddenClass || l.level < 2),
        `JUDGE-NOTE-${i}`,
        ...others.flatMap((o) => [o.hiddenClass ?? '', String(o.gold), o.notes]),
      ].filter((s) => s.length >= 4);
      const received = await me.read();
      pagesProbed++;
      for (const s of secrets) {
        probes++;
        if (received.includes(s)) leaks.push(`${l.name}'s screen after ${command}: ${s}`);
      }
    }
    // Each push probed against the secrets as they stand when it came: a room shown then renamed is no leak.
    const sharedText = await shared.read();
    for (const s of [...board, ...gauntlets.map((g) => g.hiddenClass ?? ''), ...gauntlets.map((g) => g.notes)])
      if (s.length >= 4) {
        probes++;
        if (sharedText.includes(s)) leaks.push(`the shared screen after ${command}: ${s}`);
      }
  }

  // The fight as each phone shows it: whose turn, and on that player's phone what they can do now.
  const phase = await api<PhaseView>(request, host, 'phase.view');
  expect(phase.combat).not.toBeNull();
  const acting = roster[1]!;
  await expect(phones[1]!.page.locator('.turn .big')).toHaveText('Your turn');
  await expect(phones[0]!.page.locator('.turn .big')).toHaveText(`${acting.name}'s turn`);
  await expect(shared.page.locator('.whose-turn')).toHaveText(`${acting.name}'s turn`);
  // Sable's Sanity and Health as her Gauntlet now holds them, penalty named.
  await expect(phones[2]!.page.locator('[data-stat="sanity"]')).toHaveText('Strange (-1 to rolls)');
  // Odile, level 2, sees her own class and her Break; Quillam (level 1) sees neither his class nor skills.
  await expect(phones[0]!.page.locator('header .sub')).toContainText('SECRET-CLASS-0');
  await expect(phones[0]!.page.locator('[data-skill="Break"]')).toContainText('no limit');
  await expect(phones[1]!.page.getByText('Class hidden until level 2')).toBeVisible();
  await expect(phones[1]!.page.getByText('No skills yet.')).toBeVisible();
  await expect(phones[1]!.page.getByRole('list', { name: 'You can now' })).toContainText('Cast a spell (Magic');
  await phones[1]!.page.screenshot({ path: `${SHOTS}/private-dive-360x740.png`, fullPage: true });
  // Clean for assistive technology in the fight, where the page shows the most.
  expect(await axeFindings(phones[1]!.page)).toEqual([]);
  const tablet = await screen(browser, urls[0]!, 768, 1024);
  await expectGauntlet(tablet.page, (await api<CampaignView>(request, host, 'campaign.current')).roster[0]!);
  await tablet.page.screenshot({ path: `${SHOTS}/private-dive-768x1024.png`, fullPage: true });

  // Light on a phone's Wi-Fi: its own screen's code and styles, never the Judge's app or the board.
  const loaded = await phones[0]!.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => /\.(js|css)$/.test(e.name))
      .map((e) => ({
        file: e.name.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\./, '.'),
        bytes: e.encodedBodySize,
      })),
  );
  console.log(`a private page loads ${loaded.map((f) => `${f.file} ${f.bytes} B`).join(', ')}`);
  expect(loaded.map((f) => f.file)).toContain('PrivateApp.js');
  expect(loaded.filter((f) => /^(App|PlayersApp|BoardCanvas)\./.test(f.file))).toEqual([]);
  expect(loaded.reduce((n, f) => n + f.bytes, 0)).toBeLessThan(120_000);
  expect(pagesProbed).toBe(steps.length * 4);
  expect(phones.every((p) => p.pushes.length > 0)).toBe(true);
  expect(probes).toBeGreaterThan(1000);
  expect(leaks).toEqual([]);
  console.log(
    `private screens' leak probe: ${probes} secret values checked over ${pagesProbed} page reads and their pushes, none found; each push reached its phone within ${slowest} ms of its command being sent`,
  );
  for (const s of [shared, tablet, ...phones]) await s.page.context().close();
});
