import { describe, expect, it } from 'vitest';
import { trapFieldsSchema } from '@shared/tables.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { rollTrapDamage, trapSource, trapSteps } from './trap.ts';

const effect = (over: object) => trapFieldsSchema.parse(over);

describe('traps (ch.9, ch.11)', () => {
  it('ch.9: a trap rolls 1d6 on its tier table on entry, unless it lists its own effect', () => {
    expect(trapSource({ label: 'A trap', disabled: false, triggeredFor: [], roll: true }).kind).toBe('roll');
    expect(
      trapSource({ label: 'Spikes', disabled: false, triggeredFor: [], effect: effect({ damage: '2d6' }) }),
    ).toMatchObject({ kind: 'listed', effect: { damage: '2d6' } });
    // An older campaign's trap was rolled once at reveal: its label stands as its listed effect.
    expect(trapSource({ label: 'Dust of sleep', disabled: false, triggeredFor: [] })).toMatchObject({
      kind: 'listed',
      effect: null,
    });
  });

  it("ch.9, ch.11: a trap's damage dice explode; an ongoing one is marked", () => {
    expect(rollTrapDamage(new Dice(new ScriptedRandom([6, 2, 3])), effect({ damage: '2d6' }), 'x')).toMatchObject({
      amount: 11,
      explain: '11 = 2d6! [6+2, 3] (ch.9, ch.11)',
    });
    expect(
      rollTrapDamage(new Dice(new ScriptedRandom([4])), effect({ damage: '1d6', ongoing: true, rounds: 2 }), 'x')
        ?.explain,
    ).toBe('4 = 1d6! [4], ongoing (ch.9, ch.11)');
    expect(rollTrapDamage(new Dice(new ScriptedRandom([])), effect({ loseTurn: true }), 'x')).toBeNull();
  });

  it('ch.9: a passed Challenge escapes the trap; a failed one suffers its effect', () => {
    const sleep = effect({ challenge: { target: 6 }, loseTurn: true });
    expect(trapSteps(sleep, true)).toEqual({
      damage: false,
      loseTurn: false,
      explain: 'the Challenge is passed: the trap is escaped (ch.9)',
    });
    expect(trapSteps(sleep, false)).toEqual({ damage: false, loseTurn: true, explain: 'loses the next turn' });
    expect(trapSteps(effect({ damage: '1d6', ongoing: true, rounds: 2 }), null).explain).toBe(
      '1d6 ongoing for 2 rounds',
    );
  });

  it('refuses a trap damage that is not dice', () => {
    expect(trapFieldsSchema.safeParse({ damage: 'lots' }).success).toBe(false);
    expect(trapFieldsSchema.safeParse({ damage: '3d6+2' }).success).toBe(true);
  });
});
