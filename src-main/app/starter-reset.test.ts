// A starter table can be brought back to the app's current starter rows (ch.5's Inn table, as the
// app ships it): a new campaign's table is the starter's; a table whose rows say otherwise (edited,
// or made before the app shipped new rows) says so, and reset takes the app's rows, undoably.
import { describe, expect, it } from 'vitest';
import { makeApp } from '../test-support/temp-app.ts';

describe('the starter rows a table can be reset to (ch.5)', () => {
  it('an Inn table holding an older Spoiled stew differs from the starter; reset gives the stew that feeds no one, and undo brings the old row back', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Older rows' });
    const fresh = await app.call('tables.get', { key: 'inn-events' });
    expect([fresh.hasStarter, fresh.starterDiffers]).toEqual([true, false]);
    const stew = fresh.table.rows[1]!;
    const older = { ...stew, details: 'Meals today restore nothing; the Inn refunds half.', inn: null };
    const edited = await app.call('tables.setRow', { key: 'inn-events', index: 1, row: older });
    expect(edited.starterDiffers).toBe(true);
    const reset = await app.call('tables.resetToStarter', { key: 'inn-events' });
    expect([reset.starterDiffers, reset.table.rows[1]!.inn?.mealFeeds, reset.table.rows[1]!.details]).toEqual([
      false,
      false,
      'Meals cost half today and feed no one: tonight counts as a night without a meal.',
    ]);
    await app.call('history.undo', {});
    const undone = await app.call('tables.get', { key: 'inn-events' });
    expect([undone.starterDiffers, undone.table.rows[1]!.details]).toEqual([
      true,
      'Meals today restore nothing; the Inn refunds half.',
    ]);
    app.close();
  });
});
