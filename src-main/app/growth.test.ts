// A Lichslayer's growth (ch.1, ch.2) whatever raises the level: XP earned, or the Judge's own edit.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('growth through the Judge’s edits (ch.1, ch.2)', () => {
  it('ch.1, ch.2: a level typed in by the Judge brings 2 stat points per level and the skills of levels 2, 4 and 6', async () => {
    const { app, roster, me } = await openDemo(7);
    const s = roster.find((l) => l.name === 'Sable Hartigan')!;
    expect(s).toMatchObject({ level: 1, hiddenClass: 'The Bandit', skill1: '', skill2: '', skill3: '' });
    const points = (await me(s.id)).life.statPoints;
    await app.call('lichslayer.update', { id: s.id, patch: { level: 4 } });
    const after = await me(s.id);
    expect(after).toMatchObject({ level: 4, skill1: 'Burgle', skill2: 'Extra Pockets', skill3: '' });
    expect(after.life.statPoints).toBe(points + 6);
    expect(after.life.classRevealed).toBe(true);
    // One edit, one undo step: the level, the points and the skills go back together.
    await app.call('history.undo', {});
    expect(await me(s.id)).toMatchObject({ level: 1, skill1: '', skill2: '' });
    expect((await me(s.id)).life.statPoints).toBe(points);
    app.close();
  });

  it('ch.2: a class set by hand on a level-3 Lichslayer fills Skill 1; a skill the Judge names in the same edit is kept', async () => {
    const { app, roster, me } = await openDemo(7);
    const o = roster[0]!;
    await app.call('lichslayer.update', { id: o.id, patch: { level: 3, hiddenClass: null, skill1: '' } });
    await app.call('lichslayer.update', { id: o.id, patch: { hiddenClass: 'The Witch' } });
    expect(await me(o.id)).toMatchObject({ hiddenClass: 'The Witch', skill1: 'Commune', skill2: '' });
    await app.call('lichslayer.update', { id: o.id, patch: { level: 6, skill2: 'Borrowed Trick' } });
    expect(await me(o.id)).toMatchObject({
      level: 6,
      skill1: 'Commune',
      skill2: 'Borrowed Trick',
      skill3: 'Counter Magic',
    });
    app.close();
  });

  it('ch.1: lowering a level by hand gives and takes no stat points', async () => {
    const { app, roster, me } = await openDemo(7);
    const s = roster.find((l) => l.name === 'Sable Hartigan')!;
    await app.call('lichslayer.update', { id: s.id, patch: { level: 3 } });
    const points = (await me(s.id)).life.statPoints;
    await app.call('lichslayer.update', { id: s.id, patch: { level: 2 } });
    expect((await me(s.id)).life.statPoints).toBe(points);
    app.close();
  });
});
