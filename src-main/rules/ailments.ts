// Ailments (rulebook ch.2): Burn, Poison, Freeze and Bound are the physical ailments a character or
// entity may carry. The book names them where they are removed (Diagnose and Bandage, Cure) and where
// one is refused (Family Heirloom); it says what an ailment does on a turn only for Poison, whose
// damage is ongoing (ch.11: not an instance, it strikes Health directly). The rest is the Judge's.

import { AILMENTS, type Ailment } from '@shared/ailments.ts';

export { AILMENTS, type Ailment };

/** Book order, so a list of ailments reads the same everywhere. */
export const sortAilments = (list: readonly Ailment[]): Ailment[] => AILMENTS.filter((a) => list.includes(a));

/** What the book says an ailment does on a turn: only Poison's ongoing damage is given (ch.11). */
export const AILMENT_TURN: Record<Ailment, string> = {
  Burn: 'its effect on a turn is the Judge’s: the book names Burn but gives no rule for it',
  Poison:
    'ongoing damage: not an instance, it strikes Health directly past Armor (ch.11); its amount comes from its source',
  Freeze: 'its effect on a turn is the Judge’s: the book names Freeze but gives no rule for it',
  Bound: 'its effect on a turn is the Judge’s: the book names Bound but gives no rule for it',
};

/** Someone who may carry an ailment, with what the rules of ch.2 need to know about them. */
export interface AilmentHolder {
  name: string;
  ailments: readonly Ailment[];
  /** Holds Family Heirloom (the Aristocrat's Skill 3): cannot be Bound or compelled (ch.2). */
  heirloom?: boolean;
  /** The Aristocrat whose enhanced Family Heirloom covers this one this Round (ch.2), or null. */
  heirloomCover?: string | null;
}

export type AilmentChange = { ok: true; ailments: Ailment[]; explain: string } | { ok: false; refused: string };

/**
 * The Judge sets or clears an ailment (ch.2). Bound on a holder of Family Heirloom — or on the one
 * an enhanced Heirloom covers this Round — fails with no roll: nothing is set.
 */
export function changeAilment(holder: AilmentHolder, ailment: Ailment, on: boolean): AilmentChange {
  const has = holder.ailments.includes(ailment);
  if (on) {
    if (has) return { ok: false, refused: `${holder.name} is already afflicted with ${ailment}` };
    if (ailment === 'Bound' && holder.heirloom)
      return {
        ok: false,
        refused: `${holder.name} holds Family Heirloom: Bound and every compelling effect fails without a roll (ch.2)`,
      };
    if (ailment === 'Bound' && holder.heirloomCover)
      return {
        ok: false,
        refused: `${holder.heirloomCover}'s enhanced Family Heirloom covers ${holder.name} this Round: Bound fails without a roll (ch.2)`,
      };
    return {
      ok: true,
      ailments: sortAilments([...holder.ailments, ailment]),
      explain: `${holder.name} is afflicted with ${ailment}: ${AILMENT_TURN[ailment]}`,
    };
  }
  if (!has) return { ok: false, refused: `${holder.name} is not afflicted with ${ailment}` };
  return {
    ok: true,
    ailments: holder.ailments.filter((a) => a !== ailment),
    explain: `${holder.name} is no longer afflicted with ${ailment} (the Judge)`,
  };
}

/**
 * One ailment lifted by a skill (ch.2: Diagnose and Bandage removes one from each target healed;
 * Cure lifts one). The chosen one, or — when none is chosen — the first in the book's order.
 */
export function liftOne(
  holder: AilmentHolder,
  chosen: Ailment | undefined,
  by: string,
): { ailments: Ailment[]; lifted: Ailment | null; explain: string | null } {
  if (!holder.ailments.length) {
    if (chosen) throw new RangeError(`${holder.name} is not afflicted with ${chosen}: ${by} has nothing to lift`);
    return { ailments: [], lifted: null, explain: null };
  }
  if (chosen && !holder.ailments.includes(chosen))
    throw new RangeError(
      `${holder.name} is not afflicted with ${chosen} (afflicted with ${holder.ailments.join(', ')})`,
    );
  const lifted = chosen ?? sortAilments(holder.ailments)[0]!;
  const rest = holder.ailments.filter((a) => a !== lifted);
  const how = chosen ? '' : holder.ailments.length > 1 ? ', the first in the book’s order (none chosen)' : '';
  return {
    ailments: rest,
    lifted,
    explain: `${by} lifts ${lifted} from ${holder.name}${how}${rest.length ? `; still ${rest.join(', ')}` : ''} (ch.2)`,
  };
}
