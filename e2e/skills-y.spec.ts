// The Aristocrat's enhanced Retainers from the Town screen (rulebook ch.2): a Retainer excused from
// the day's pay, shown in the Retainers list.
import { expect, test } from '@playwright/test';
import type { CampaignView } from '../src-shared/contract.ts';
import type { TownStateView } from '../src-shared/town.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SKILL_SHOTS ?? '/tmp/lj-skill-shots';

test('Retainers enhanced: No pay today beside a Retainer of the Aristocrat excuses the day’s wage', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 1414);
  const quillam = (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.name === 'Brother Quillam')!;
  await api(request, host, 'lichslayer.update', { id: quillam.id, patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 } });
  await api(request, host, 'skill.points', { id: quillam.id, delta: 1 });
  await api(request, host, 'skill.spendPoint', { id: quillam.id, action: 'enhance', skill: 'Retainers' });
  await api(request, host, 'retainer.hire', { employer: quillam.id, name: 'Pell', grade: 'common' });
  await page.reload();
  const services = page.getByRole('region', { name: 'Town services' });
  const retainers = services.getByRole('article', { name: 'Retainers' });
  await expect(retainers).toContainText('Pell');
  await retainers.getByRole('button', { name: 'No pay today' }).click();
  await expect(retainers).toContainText('no pay today');
  await expect(retainers.getByRole('button', { name: 'No pay today' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText('Brother Quillam excuses Pell from pay');
  const town = await api<TownStateView>(request, host, 'town.state', {});
  expect(town.state.retainers.map((r) => [r.name, r.holidayOn])).toEqual([['Pell', town.day]]);
  await retainers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/retainers-no-pay.png` });
});
