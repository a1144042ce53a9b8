// The dive machine (ch.9 the floors, ch.10 the Gate and Floor 10, ch.11 0 Health).
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import { diveMachine, whyRefused, type DiveEvent } from './dive-machine.ts';

const start = (party = [1, 2]) => createActor(diveMachine, { input: { party } }).start();
function descendTo(actor: ReturnType<typeof start>, floor: number) {
  for (let f = actor.getSnapshot().context.floor ?? 0; f < floor; f++) actor.send({ type: 'DESCEND' });
}

describe('dive machine', () => {
  it('ch.9: Town → Floor 1 → one floor at a time', () => {
    const a = start();
    expect(a.getSnapshot().value).toBe('town');
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot()).toMatchObject({ value: 'exploring', context: { floor: 1, present: [1, 2] } });
    descendTo(a, 4);
    expect(a.getSnapshot().context.floor).toBe(4);
  });

  it('ch.11: enemies on the stack start combat; the stair waits until it ends', () => {
    const a = start();
    a.send({ type: 'DESCEND' });
    a.send({ type: 'ENEMIES_ENTER' });
    expect(a.getSnapshot().value).toBe('combat');
    expect(a.getSnapshot().can({ type: 'DESCEND' })).toBe(false);
    a.send({ type: 'COMBAT_OVER' });
    expect(a.getSnapshot().can({ type: 'DESCEND' })).toBe(true);
  });

  it('ch.10: the Gate stays locked until every Lichslayer clears a room on Floor 9; forcing it is counted', () => {
    const a = start();
    descendTo(a, 9);
    expect(a.getSnapshot().can({ type: 'DESCEND' })).toBe(false);
    expect(a.getSnapshot().can({ type: 'OPEN_GATE' })).toBe(false);
    a.send({ type: 'FORCE_GATE' });
    a.send({ type: 'FORCE_GATE' });
    expect(a.getSnapshot().context.forceAttempts).toBe(2);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 1 });
    expect(a.getSnapshot().can({ type: 'OPEN_GATE' })).toBe(false);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 2 });
    a.send({ type: 'OPEN_GATE' });
    expect(a.getSnapshot().context.gateOpen).toBe(true);
    expect(a.getSnapshot().can({ type: 'FORCE_GATE' })).toBe(false);
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot()).toMatchObject({ value: 'floorTen', context: { floor: 10 } });
  });

  it('ch.10: on Floor 10 there is no withdrawal, no way down, and 0 Health is permanent loss', () => {
    const a = start([7]);
    descendTo(a, 9);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 7 });
    a.send({ type: 'OPEN_GATE' });
    a.send({ type: 'DESCEND' });
    const s = a.getSnapshot();
    for (const type of ['WITHDRAW', 'DESCEND', 'ENEMIES_ENTER', 'OPEN_GATE'] as const)
      expect(s.can({ type } as DiveEvent)).toBe(false);
    expect(whyRefused('floorTen', s.context, 'WITHDRAW')).toMatch(/No withdrawal from Floor 10/);
    a.send({ type: 'AT_ZERO', lichslayer: 7, choice: 'press-on' });
    expect(a.getSnapshot()).toMatchObject({ value: 'fallen', context: { lost: [7] } });
  });

  it('ch.11: withdraw or press on at 0 Health; the third time on one floor is permanent', () => {
    const a = start([1, 2]);
    a.send({ type: 'DESCEND' });
    a.send({ type: 'AT_ZERO', lichslayer: 1, choice: 'press-on' });
    a.send({ type: 'AT_ZERO', lichslayer: 1, choice: 'press-on' });
    expect(a.getSnapshot().context.lost).toEqual([]);
    a.send({ type: 'AT_ZERO', lichslayer: 1, choice: 'press-on' });
    expect(a.getSnapshot().context.lost).toEqual([1]);
    a.send({ type: 'AT_ZERO', lichslayer: 2, choice: 'withdraw' });
    expect(a.getSnapshot().value).toBe('town');
  });

  it('every state is reachable, and the shortest paths only use allowed events', () => {
    const events: DiveEvent[] = [
      { type: 'DESCEND' },
      { type: 'ENEMIES_ENTER' },
      { type: 'COMBAT_OVER' },
      { type: 'ROOM_CLEARED', lichslayer: 1 },
      { type: 'OPEN_GATE' },
      { type: 'AT_ZERO', lichslayer: 1, choice: 'press-on' },
      { type: 'WITHDRAW' },
      { type: 'PHYLACTERY_DESTROYED' },
      { type: 'LEAVE_TOMB' },
      { type: 'MANIFEST', stage: 3 },
      { type: 'MANIFEST', stage: 4 },
      { type: 'TURNED', lichslayer: 1 },
      { type: 'LICH_DEFEATED' },
    ];
    const paths = getShortestPaths(diveMachine, {
      input: { party: [1] },
      events,
      serializeState: (s: SnapshotFrom<typeof diveMachine>) =>
        JSON.stringify([
          s.value,
          s.context.floor,
          s.context.gateOpen,
          s.context.lost,
          s.context.clearedOnNine,
          s.context.zeroes,
          s.context.present,
          s.context.phylacteryDestroyed,
          s.context.turned,
        ]),
      limit: 5000,
    });
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect(reached).toEqual(
      new Set(['town', 'exploring', 'combat', 'floorTen', 'fallen', 'manifestation', 'resolved']),
    );
    for (const p of paths) expect(p.state.context.floor === null || p.state.context.floor <= 10).toBe(true);
    // ch.16: no path reaches the manifestation below Stage 4, nor resolves it with the Phylactery standing
    for (const p of paths) {
      const steps = p.steps.map((st) => st.event);
      if (p.state.value === 'manifestation')
        expect(steps.some((e) => e.type === 'MANIFEST' && e.stage === 4)).toBe(true);
      if (p.state.value === 'resolved') expect(steps.some((e) => e.type === 'PHYLACTERY_DESTROYED')).toBe(true);
    }
  });

  it('ch.16: the Lich manifests only at Stage 4 in the Town, and stays dead only once the Phylactery is destroyed', () => {
    const a = start();
    expect(a.getSnapshot().can({ type: 'MANIFEST', stage: 3 })).toBe(false);
    expect(whyRefused('town', a.getSnapshot().context, 'MANIFEST')).toMatch(/Stage 4/);
    a.send({ type: 'MANIFEST', stage: 4 });
    expect(a.getSnapshot()).toMatchObject({ value: 'manifestation', context: { present: [1, 2], floor: null } });
    expect(a.getSnapshot().can({ type: 'LICH_DEFEATED' })).toBe(false);
    expect(a.getSnapshot().can({ type: 'WITHDRAW' })).toBe(false);
    expect(whyRefused('manifestation', a.getSnapshot().context, 'WITHDRAW')).toMatch(/cannot be de-escalated/);
    // a communion failed: the turned leave the party's side (ch.16)
    a.send({ type: 'TURNED', lichslayer: 2 });
    expect(a.getSnapshot().context).toMatchObject({ present: [1], turned: [2] });
    // the party leaves for the Tombs to break the Phylactery
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot().context).toMatchObject({ floor: 1, present: [1] });
    descendTo(a, 9);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 1 });
    a.send({ type: 'OPEN_GATE' });
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot().can({ type: 'LEAVE_TOMB' })).toBe(false);
    a.send({ type: 'PHYLACTERY_DESTROYED' });
    a.send({ type: 'LEAVE_TOMB' });
    expect(a.getSnapshot().value).toBe('town');
    a.send({ type: 'MANIFEST', stage: 4 });
    a.send({ type: 'LICH_DEFEATED' });
    expect(a.getSnapshot()).toMatchObject({
      value: 'resolved',
      context: { ending: expect.stringMatching(/destroyed for good/) },
    });
    expect(a.getSnapshot().status).toBe('done');
  });

  it('persists and restores mid-dive exactly', () => {
    const a = start();
    descendTo(a, 9);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 1 });
    a.send({ type: 'ENEMIES_ENTER' });
    const saved = JSON.parse(JSON.stringify(a.getPersistedSnapshot()));
    const b = createActor(diveMachine, { input: { party: [1, 2] }, snapshot: saved }).start();
    expect(b.getSnapshot().value).toBe('combat');
    expect(b.getSnapshot().context).toEqual(a.getSnapshot().context);
  });

  it('ch.10: a Sanity Break, a dispatched Merchant and a Lost re-roll are kept for the dive, and forgotten when the next dive starts', () => {
    const a = start();
    descendTo(a, 2);
    a.send({ type: 'SANITY_BREAK', floor: 2 });
    a.send({ type: 'MERCHANT_DISPATCHED', floor: 2 });
    a.send({ type: 'LOST_REROLL_USED', lichslayer: 1 });
    a.send({ type: 'SANITY_BREAK', floor: 2 });
    expect(a.getSnapshot().context).toMatchObject({ sanityBreaks: [2], merchantsDispatched: [2], lostRerollUsed: [1] });
    a.send({ type: 'WITHDRAW' });
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot().context).toMatchObject({
      floor: 1,
      sanityBreaks: [],
      merchantsDispatched: [],
      lostRerollUsed: [],
    });
  });

  it('ch.12: with the Phylactery destroyed, the Floor-10 Lich brought down is the true defeat', () => {
    const a = start([1]);
    descendTo(a, 9);
    a.send({ type: 'ROOM_CLEARED', lichslayer: 1 });
    a.send({ type: 'OPEN_GATE' });
    a.send({ type: 'DESCEND' });
    expect(a.getSnapshot().value).toBe('floorTen');
    expect(a.getSnapshot().can({ type: 'LICH_DEFEATED' })).toBe(false);
    a.send({ type: 'PHYLACTERY_DESTROYED' });
    a.send({ type: 'LICH_DEFEATED' });
    expect(a.getSnapshot()).toMatchObject({
      value: 'resolved',
      context: { ending: 'The Lich is destroyed for good: the campaign is won (ch.16)' },
    });
  });
});
