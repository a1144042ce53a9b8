import { describe, expect, it } from 'vitest';
import { reuse } from './reuse.ts';
import { keyedMap } from './keyed.ts';

// A board as main sends it (ch.9): rooms by place, tokens by id.
const board = () => ({
  floor: 7,
  rooms: [
    { x: 1, y: 0, occupancy: 1, name: 'Vault 2,1' },
    { x: 2, y: 0, occupancy: 2, name: 'Vault 3,1' },
  ],
  tokens: [
    { id: 11, name: 'Odile Vantreck', x: 2, y: 0, stats: { level: null } },
    { id: 12, name: 'Brother Quillam', x: 2, y: 0, stats: { level: null } },
    { id: 40, name: 'Shade 0', x: 1, y: 0, stats: { level: 3 } },
  ],
});

describe('a reply or push taken over the view a screen holds (ch.9, the board)', () => {
  it('keeps the object of every token and room a move did not change, and only those', () => {
    const before = board();
    const reply = board();
    reply.tokens[0]!.x = 1;
    reply.rooms[0]!.occupancy = 2;
    reply.rooms[1]!.occupancy = 1;
    const taken = reuse(before, reply);
    expect(taken).toEqual(reply);
    expect(taken.tokens[0]).not.toBe(before.tokens[0]);
    expect(taken.tokens[0]!.stats).toBe(before.tokens[0]!.stats);
    expect(taken.tokens[1]).toBe(before.tokens[1]);
    expect(taken.tokens[2]).toBe(before.tokens[2]);
    expect(taken.rooms[0]).not.toBe(before.rooms[0]);
  });

  it('hands back the very view it holds when a push repeats it', () => {
    const before = board();
    expect(reuse(before, board())).toBe(before);
  });

  it('matches tokens by id, so a token added in front keeps the others', () => {
    const before = board();
    const next = board();
    next.tokens.unshift({ id: 5, name: 'Wren of the Hollow', x: 1, y: 0, stats: { level: null } });
    const taken = reuse(before, next);
    expect(taken.tokens.map((t) => t.id)).toEqual([5, 11, 12, 40]);
    expect(taken.tokens[1]).toBe(before.tokens[0]);
    expect(taken.tokens[3]).toBe(before.tokens[2]);
  });

  it('takes a field that appears or goes, and a null in place of a view', () => {
    const before = { a: 1, b: { c: 2 } };
    expect(reuse(before, { a: 1, b: { c: 2 }, d: undefined })).not.toBe(before);
    expect(reuse(before, { a: 1 })).toEqual({ a: 1 });
    expect(reuse(before, null)).toBeNull();
  });
});

describe('a keyed map over the board’s rows (ch.9)', () => {
  it('makes a row again only when its row or inputs change, and returns the last list when none did', () => {
    const map = keyedMap<{ id: number; hp: number }, string>();
    let made = 0;
    const label = (rows: { id: number; hp: number }[], secrets: boolean) =>
      map(
        rows,
        (r) => r.id,
        (r) => [r, secrets],
        (r) => (made++, `${r.id}:${secrets ? r.hp : '?'}`),
      );
    const a = { id: 1, hp: 9 };
    const b = { id: 2, hp: 4 };
    const first = label([a, b], true);
    expect(first).toEqual(['1:9', '2:4']);
    expect(label([a, b], true)).toBe(first);
    expect(made).toBe(2);
    const hurt = { id: 2, hp: 3 };
    expect(label([a, hurt], true)).toEqual(['1:9', '2:3']);
    expect(made).toBe(3);
    expect(label([a, hurt], false)).toEqual(['1:?', '2:?']);
    expect(made).toBe(5);
  });
});
