import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { synchronicity, type ActiveLoot } from './synchronicity.ts';

const ids = (loot: ActiveLoot[]) => synchronicity(loot, RULES).conditions.map((c) => c.id);

describe('synchronicity (ch.14)', () => {
  it('ch.14: Mono-Color when all active loot shares one colour', () => {
    expect(
      ids([
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Red' },
      ]),
    ).toEqual(['mono-color']);
  });

  it('ch.14: Full Spectrum when every item differs; Colourless items do not count', () => {
    expect(
      ids([
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Blue' },
        { name: 'c', colour: 'Green' },
        { name: 'd', colour: 'Colourless' },
      ]),
    ).toEqual(['full-spectrum']);
  });

  it('ch.14: Dual-Color when loot splits between exactly two colours', () => {
    expect(
      ids([
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Blue' },
        { name: 'c', colour: 'Red' },
      ]),
    ).toEqual(['dual-color']);
    // two items of two colours are both Full Spectrum and Dual-Color
    expect(
      ids([
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Blue' },
      ]),
    ).toEqual(['full-spectrum', 'dual-color']);
  });

  it('ch.14: Mono-Type when all loot is one type regardless of colour', () => {
    expect(
      ids([
        { name: 'a', colour: 'Red', type: 'blade' },
        { name: 'b', colour: 'Red', type: 'blade' },
      ]),
    ).toEqual(['mono-color', 'mono-type']);
  });

  it('ch.14: one item alone makes no condition, two of a colour do (house rule synchronicityMinItems, default 2)', () => {
    expect(ids([{ name: 'a', colour: 'Red' }])).toEqual([]);
    expect(
      ids([
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Red' },
      ]),
    ).toEqual(['mono-color']);
  });

  it('ch.14: broken items are ignored', () => {
    const r = synchronicity(
      [
        { name: 'a', colour: 'Red' },
        { name: 'b', colour: 'Red' },
        { name: 'c', colour: 'Blue', broken: true },
      ],
      RULES,
    );
    expect(r.conditions.map((c) => c.id)).toEqual(['mono-color']);
    expect(r.ignoredBroken).toEqual(['c']);
  });
});
