import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { canEnter, openChest, ROOM_CAPACITY, trapTriggers } from './board-facts.ts';

describe('board facts (ch.9)', () => {
  it('ch.9: room capacities are Hall 2, Chamber 4, Vault 6, Antechamber 3, Shrine/Rest 0 enemies', () => {
    expect(ROOM_CAPACITY).toEqual({ hall: 2, chamber: 4, vault: 6, antechamber: 3, shrine: 0 });
  });

  it('ch.9: a full room blocks passage and says why', () => {
    expect(canEnter('hall', 1, false).ok).toBe(true);
    const full = canEnter('hall', 2, false);
    expect(full.ok).toBe(false);
    expect(full.reason).toBe('The Hall is full (2 of 2): it blocks passage until an entity leaves (ch.9)');
    expect(canEnter('shrine', 0, true).ok).toBe(false);
    expect(canEnter('shrine', 3, false).ok).toBe(true);
  });

  it('ch.9: a trap triggers once per character entering, unless disabled', () => {
    expect(trapTriggers({ disabled: false, triggeredFor: [] }, 'odile')).toBe(true);
    expect(trapTriggers({ disabled: false, triggeredFor: ['odile'] }, 'odile')).toBe(false);
    expect(trapTriggers({ disabled: true, triggeredFor: [] }, 'odile')).toBe(false);
  });

  it('ch.9: a chest rolls 1d6 and holds loot on a success', () => {
    expect(openChest(new Dice(new ScriptedRandom([4])), RULES, 'chest').hasLoot).toBe(true);
    expect(openChest(new Dice(new ScriptedRandom([3])), RULES, 'chest').hasLoot).toBe(false);
  });
});
