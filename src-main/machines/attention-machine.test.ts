// The Lich's Attention machine (ch.5 stages and de-escalation, ch.6 Vanity, ch.16 Stage 4).
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import { attentionMachine, type AttentionEvent } from './attention-machine.ts';

describe('attention machine', () => {
  it('ch.5: first Floor 4 and Floor 6 descents raise Stage 1 and 2, quiet days bring it back down', () => {
    const a = createActor(attentionMachine).start();
    a.send({ type: 'DESCENT', floor: 4 });
    expect(a.getSnapshot().value).toBe('stage1');
    a.send({ type: 'DESCENT', floor: 6 });
    expect(a.getSnapshot().value).toBe('stage2');
    expect(a.getSnapshot().context.last).toMatch(/Floor 6/);
    a.send({ type: 'DAY_PASSED', deepestFloorDived: 0, banquet: true });
    expect(a.getSnapshot().value).toBe('stage1');
    for (let d = 0; d < 7; d++) a.send({ type: 'DAY_PASSED', deepestFloorDived: 2 });
    expect(a.getSnapshot().value).toBe('stage0');
  });

  it('ch.5, ch.16: the Crown brings Stage 4, and nothing brings it back', () => {
    const a = createActor(attentionMachine).start();
    a.send({ type: 'CROWN' });
    expect(a.getSnapshot().value).toBe('stage4');
    a.send({ type: 'RESOLVED', deed: 'narrative' });
    for (let d = 0; d < 30; d++) a.send({ type: 'DAY_PASSED', deepestFloorDived: 0, banquet: true });
    expect(a.getSnapshot().value).toBe('stage4');
  });

  it('every stage is reachable', () => {
    const events: AttentionEvent[] = [
      { type: 'DESCENT', floor: 4 },
      { type: 'DESCENT', floor: 6 },
      { type: 'UNBOUND_COMPLETED' },
      { type: 'CROWN' },
      { type: 'DAY_PASSED', deepestFloorDived: 0, banquet: true },
      { type: 'RESOLVED', deed: 'narrative' },
    ];
    const paths = getShortestPaths(attentionMachine, {
      events,
      serializeState: (s: SnapshotFrom<typeof attentionMachine>) =>
        JSON.stringify([s.value, s.context.deepestFloorReached]),
      limit: 2000,
    });
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['stage0', 'stage1', 'stage2', 'stage3', 'stage4']),
    );
  });

  it('persists and restores', () => {
    const a = createActor(attentionMachine).start();
    a.send({ type: 'DESCENT', floor: 6 });
    const b = createActor(attentionMachine, { snapshot: JSON.parse(JSON.stringify(a.getPersistedSnapshot())) }).start();
    expect(b.getSnapshot().value).toBe('stage2');
    expect(b.getSnapshot().context).toEqual(a.getSnapshot().context);
  });
});
