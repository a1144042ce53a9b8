// The Witch's Commune, enhanced (ch.2): the floor it reads, two below the Witch's, and the floors it
// cannot read (Floor 10 is set by the Judge, ch.10, and there is nothing beyond it).
import { describe, expect, it } from 'vitest';
import { communeAheadFloor } from './skills-witch.ts';

describe('Commune two floors ahead (ch.2)', () => {
  it('2.94: enhanced, it reads the floor two below the Witch’s; Floor 10 and beyond are refused, and unenhanced it reads none', () => {
    expect(communeAheadFloor({ witch: 'Wren', floor: 1, enhanced: true })).toEqual({ floor: 3 });
    expect(communeAheadFloor({ witch: 'Wren', floor: 7, enhanced: true })).toEqual({ floor: 9 });
    expect(communeAheadFloor({ witch: 'Wren', floor: 8, enhanced: true })).toEqual({
      refused: 'Floor 10 is not table-generated: its rooms are the Judge’s to set and tell (ch.10)',
    });
    expect(communeAheadFloor({ witch: 'Wren', floor: 9, enhanced: true })).toEqual({
      refused: 'There is no Floor 11: Commune reads two floors ahead of Floor 9 (ch.2)',
    });
    expect(communeAheadFloor({ witch: 'Wren', floor: 1, enhanced: false })).toEqual({
      refused: "Wren's Commune reads two floors ahead only when enhanced (ch.2)",
    });
  });
});
