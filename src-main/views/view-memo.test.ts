// The Judge's view keeps what it shows of the play state while nothing it read has changed, and
// builds it anew as soon as something has: a stale roster would show the Judge a wrong Gauntlet.
import { describe, expect, it } from 'vitest';
import type { CampaignView, Push } from '@shared/contract.ts';
import { openDemo } from '../test-support/temp-app.ts';

describe("the Judge's view kept between changes", () => {
  it('ch.9: a token moved leaves the roster as it was (the same build); a Health change shows at once', async () => {
    const { app } = await openDemo(11);
    const board = await app.call('board.enterFloor', { floor: 1 });
    const odile = board.tokens.find((t) => t.kind === 'lichslayer')!;
    await app.idle();
    const pushed: CampaignView[] = [];
    app.subscribe((p: Push) => {
      if (p.type === 'campaign' && p.view) pushed.push(p.view);
    });
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1, override: true });
    await app.idle();
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 0, override: true });
    await app.idle();
    expect(pushed).toHaveLength(2);
    // The move changed no Lichslayer, no item and no setting the roster reads: the same parts are sent.
    expect(pushed[1]!.roster).toBe(pushed[0]!.roster);
    const id = odile.lichslayerId!;
    const health = pushed[1]!.roster.find((l) => l.id === id)!.health;
    await app.call('lichslayer.update', { id, patch: { health: health - 1 } });
    await app.idle();
    expect(pushed).toHaveLength(3);
    expect(pushed[2]!.roster).not.toBe(pushed[1]!.roster);
    expect(pushed[2]!.roster.find((l) => l.id === id)!.health).toBe(health - 1);
    // The undo step the change made shows with it: the file's own facts are read every time.
    expect(pushed[2]!.history.canUndo).not.toBe(pushed[1]!.history.canUndo);
    app.close();
  });
});
