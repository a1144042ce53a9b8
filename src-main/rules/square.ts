// The Square (rulebook ch.4, ch.5): gold given there rolls its d6 at the day's end and grants all
// characters a bonus the next day; a Festival lasts one day; the Watch counter under the Attention.
import type { HouseRules } from '@shared/house-rules.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

/** ch.5: the Square's d6 is rolled when this much gold or more was given that day. */
export const SQUARE_EVENT_GOLD = 100;

/** ch.5: the day's Square d6 is due when 100 or more gold was given. */
export function squareEventDue(given: number): boolean {
  return given >= SQUARE_EVENT_GOLD;
}

/**
 * ch.4: gold given to the Square grants all characters a bonus the following day. The book names
 * no size: the house rule's bonus to all rolls, when the gift reached the Square's 100 gold.
 */
export function squareGift(
  given: number,
  closingDay: number,
  rules: Pick<HouseRules, 'squareGiftBonus'>,
): { day: number; bonus: number; explain: string } | null {
  if (!squareEventDue(given) || rules.squareGiftBonus === 0) return null;
  return {
    day: closingDay + 1,
    bonus: rules.squareGiftBonus,
    explain: `${given} gold given to the Square: +${rules.squareGiftBonus} to all rolls for every character on day ${closingDay + 1} (ch.4, house rule)`,
  };
}

/** The Square Watch counter as the Attention leaves it (ch.5): held to 1 at Stage 2, reset to 0 at Stage 4. */
export function watchUnderStage(watch: number, stage: AttentionStage): { watch: number; explain: string | null } {
  const effects = attentionEffects(stage);
  if (effects.watch.resetToZero && watch > 0)
    return { watch: 0, explain: `The Square Watch counter resets to 0 at Stage ${stage} (ch.5)` };
  if (effects.watch.cap !== null && watch > effects.watch.cap)
    return {
      watch: effects.watch.cap,
      explain: `The Square Watch counter cannot exceed ${effects.watch.cap} while Stage ${stage} lasts: ${watch} → ${effects.watch.cap} (ch.5)`,
    };
  return { watch, explain: null };
}

/** A change to the Watch counter, or why the Attention forbids it (ch.5). */
export function watchStep(
  watch: number,
  step: 1 | -1,
  stage: AttentionStage,
): { ok: true; watch: number } | { ok: false; reason: string } {
  const effects = attentionEffects(stage);
  if (step === -1)
    return watch === 0 ? { ok: false, reason: 'The Square Watch counter is at 0' } : { ok: true, watch: watch - 1 };
  if (!effects.watch.advances)
    return { ok: false, reason: `The Square Watch counter does not advance at Stage ${stage} (ch.5)` };
  if (effects.watch.cap !== null && watch >= effects.watch.cap)
    return {
      ok: false,
      reason: `The Square Watch counter cannot exceed ${effects.watch.cap} while Stage ${stage} lasts (ch.5)`,
    };
  return { ok: true, watch: watch + 1 };
}

/** ch.5: no Festival while Stage 3 or 4 lasts. */
export function festivalAllowed(stage: AttentionStage): { ok: true } | { ok: false; reason: string } {
  return attentionEffects(stage).festivalsAllowed
    ? { ok: true }
    : { ok: false, reason: `No Festival may be held while Stage ${stage} lasts (ch.5)` };
}
