// The end of one Lichslayer's day away from the Town's "next day" (rulebook ch.4, ch.5, ch.8): on
// the road between Towns, unfed and unsheltered. The rules are lichslayerNight's, as in the Town.
import type { PlaySession } from '../../state/session.ts';
import type { DayReport } from '@shared/contract.ts';
import { readHouseRules } from '../../state/settings.ts';
import { NO_SHIFT, lichslayerNight, type LichslayerNight } from '../../rules/survival-clock.ts';
import type { AttentionStage } from '../../rules/lich-attention.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';

/** What a Lichslayer's row brings to their night (ch.4, ch.8): who they are, their clock, their Sanity. */
export const nightOf = (l: LichslayerRow) => ({
  name: l.name,
  level: l.level,
  clock: {
    daysWithoutMeal: l.days_without_meal,
    daysWithoutShelter: l.days_without_shelter,
    maxHealth: l.max_health,
    hungerMaxHealthLost: l.hunger_lost,
    health: l.health,
    missedDaysSinceRest: l.missed_since_rest,
  },
  sanity: l.sanity,
  lostNights: l.lost_rest_nights,
});

/** One Lichslayer's day ends (ch.4, ch.8): the clock with its penalties, and the night that follows. */
export function closeDay(
  ps: PlaySession,
  l: LichslayerRow,
  opts: { ate: boolean; sheltered: boolean; day: number; stage: AttentionStage },
): DayReport['lines'][number] {
  const rules = readHouseRules(ps);
  const n = ps.roll('town.travel', ({ dice }) => {
    const night = lichslayerNight(
      dice,
      {
        ...nightOf(l),
        day: opts.day,
        ate: opts.ate,
        sheltered: opts.sheltered,
        attentionStage: opts.stage,
        shift: NO_SHIFT,
        sanityDoubled: false,
      },
      rules,
    );
    const records = [
      ...(night.rest
        ? [
            {
              cause: `${l.name} rests, day ${opts.day} (ch.8)`,
              character: l.name,
              explain: night.rest.explain,
              result: night.rest,
            },
          ]
        : []),
      ...(night.disturbedSleep
        ? [
            {
              cause: `${l.name}'s sleep at Stage 3, day ${opts.day} (ch.5)`,
              character: l.name,
              explain: `1d6 = ${night.disturbedSleep.natural}`,
              result: night.disturbedSleep,
            },
          ]
        : []),
    ];
    return { value: night, records };
  });
  ps.update('lichslayer', l.id, nightPatch(n));
  return nightLine(l.name, opts, n);
}

/** The Gauntlet's columns after a night (ch.4, ch.8): the clock, Health, Sanity, and a fresh day at the Inn. */
export function nightPatch(n: Pick<LichslayerNight, 'clock' | 'sanity' | 'lostNights'>, health = n.clock.health) {
  return {
    days_without_meal: n.clock.daysWithoutMeal,
    days_without_shelter: n.clock.daysWithoutShelter,
    max_health: n.clock.maxHealth,
    hunger_lost: n.clock.hungerMaxHealthLost,
    health,
    missed_since_rest: n.clock.missedDaysSinceRest,
    sanity: n.sanity,
    lost_rest_nights: n.lostNights,
    ate_today: 0,
    sheltered_today: 0,
  };
}

/** A night as the day report tells it. */
export function nightLine(
  name: string,
  day: { ate: boolean; sheltered: boolean },
  n: Pick<LichslayerNight, 'notes' | 'penalties'>,
): DayReport['lines'][number] {
  const status = `${day.ate ? 'ate' : 'no meal'}, ${day.sheltered ? 'sheltered' : 'no shelter'}`;
  return {
    kind: n.notes.length || n.penalties.length ? 'change' : 'note',
    text: `${name} (${status}): ${n.notes.length ? n.notes.join('; ') : 'no change'}${n.penalties.length ? ` · penalties now ${n.penalties.map((p) => `${p.source} ${p.value}`).join(', ')}` : ''}`,
  };
}
