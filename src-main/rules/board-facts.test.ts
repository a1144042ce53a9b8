import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { canEnter, openChest, ROOM_CAPACITY, roomCapacity, SAFE_SHRINES, trapTriggers } from './board-facts.ts';

const safe = { floor: 2, shrines: SAFE_SHRINES };

describe('board facts (ch.9)', () => {
  it('ch.9: room capacities are Hall 2, Chamber 4, Vault 6, Antechamber 3, Shrine/Rest 0 enemies', () => {
    expect(ROOM_CAPACITY).toEqual({ hall: 2, chamber: 4, vault: 6, antechamber: 3, shrine: 0 });
  });

  it('ch.9: a full room blocks passage and says why', () => {
    expect(canEnter('hall', 1, false, safe).ok).toBe(true);
    const full = canEnter('hall', 2, false, safe);
    expect(full.ok).toBe(false);
    expect(full.reason).toBe('The Hall is full (2 of 2): it blocks passage until an entity leaves (ch.9)');
    expect(canEnter('shrine', 0, true, safe).ok).toBe(false);
    expect(canEnter('shrine', 3, false, safe).ok).toBe(true);
  });

  it('ch.5, ch.9: a Shrine is safe until the Attention reaches it; then it holds enemies up to the house rule', () => {
    const unsafe = { unsafeOnFloorsUpTo: 5, unsafeCapacity: 4 };
    expect(roomCapacity('shrine', 5, unsafe)).toBe(4);
    expect(roomCapacity('shrine', 6, unsafe)).toBeNull();
    expect(canEnter('shrine', 3, true, { floor: 5, shrines: unsafe })).toEqual({
      ok: true,
      reason: '4 of 4 in the Shrine / Rest',
    });
    expect(canEnter('shrine', 4, true, { floor: 5, shrines: unsafe }).reason).toBe(
      'The Shrine / Rest is full (4 of 4, unsafe at this Attention (ch.5)): it blocks passage until an entity leaves (ch.9)',
    );
    expect(canEnter('shrine', 0, true, { floor: 6, shrines: unsafe }).reason).toBe(
      'A Shrine / Rest room holds no enemies while it is safe (ch.9)',
    );
  });

  it('ch.9: a trap triggers once per character entering, unless disabled', () => {
    expect(trapTriggers<string>({ disabled: false, triggeredFor: [] }, 'odile')).toBe(true);
    expect(trapTriggers({ disabled: false, triggeredFor: ['odile'] }, 'odile')).toBe(false);
    expect(trapTriggers<string>({ disabled: true, triggeredFor: [] }, 'odile')).toBe(false);
  });

  it('ch.9: a chest rolls 1d6 and holds loot on a success', () => {
    expect(openChest(new Dice(new ScriptedRandom([4])), RULES, 'chest').hasLoot).toBe(true);
    expect(openChest(new Dice(new ScriptedRandom([3])), RULES, 'chest').hasLoot).toBe(false);
  });
});
