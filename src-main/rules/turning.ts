// Turning and its four exits (rulebook ch.16, with ch.11's player-killing): a turned character is a
// Zombie acting for the Lich in the Tombs, leaving them only on the Pilgrimage toward the Forest.
// Restore, Cure and the Pilgrimage cure the turning within six days of it; Cleanse removes a Zombie,
// and a turned character is one: it kills them, and the caster answers for a player-killing.
import { turningStatus } from './lich.ts';

export type TurningExit = 'cleanse' | 'restore' | 'cure' | 'pilgrimage';

/** ch.11: killing a player calls the killer's Sanity Challenge, target 12; failure drops one level. */
export const PLAYER_KILLING_SANITY_TARGET = 12;

/** ch.16: a turned character counts as a Zombie for all effects, and gains Resilient. */
export const TURNED_FACTION = 'Zombie';

export const EXIT_LABEL: Record<TurningExit, string> = {
  cleanse: 'Cleanse (Daedric)',
  restore: 'Restore (Celestial)',
  cure: "the Lich Doctor's Cure",
  pilgrimage: 'the Pilgrimage: a flower of every colour brought to a Shrine',
};

export type ExitVerdict =
  | { ok: false; reason: string }
  | { ok: true; kind: 'cure'; explain: string }
  | { ok: true; kind: 'killing'; sanityTarget: number; explain: string };

/**
 * Whether an exit applies now. The cures need the six days not to have run out (ch.16: "no cure
 * applies past the sixth day"); Cleanse is not a cure but a killing, so the days do not bind it,
 * and it needs the one who cast it, who is not the one cleansed.
 */
export function turningExit(
  how: TurningExit,
  input: {
    name: string;
    turnedOn: number | null;
    today: number;
    caster: { id: number; name: string } | null;
    cleansedId: number;
  },
): ExitVerdict {
  if (how === 'cleanse') {
    if (!input.caster)
      return {
        ok: false,
        reason:
          'Cleanse is cast by someone: name the Lichslayer who cast it, for the player-killing’s Sanity Challenge (ch.11, ch.16)',
      };
    if (input.caster.id === input.cleansedId) return { ok: false, reason: `${input.name} cannot Cleanse themself` };
    return {
      ok: true,
      kind: 'killing',
      sanityTarget: PLAYER_KILLING_SANITY_TARGET,
      explain: `${input.caster.name} Cleanses ${input.name}: a turned character is a Zombie, and Cleanse removes Zombies. ${input.name} dies, lost for good — a player-killing (ch.16, ch.11)`,
    };
  }
  const status = input.turnedOn !== null ? turningStatus(input.turnedOn, input.today) : null;
  if (status?.permanent) return { ok: false, reason: `${input.name}'s turning is permanent: ${status.explain}` };
  return { ok: true, kind: 'cure', explain: `${input.name} is freed from the turning by ${EXIT_LABEL[how]} (ch.16)` };
}

/**
 * ch.16: the turned cannot leave the Tombs of their own will; the one way out is the Pilgrimage,
 * toward the Forest. Null: allowed.
 */
export function turnedMayGo(name: string, to: 'forest' | 'town'): string | null {
  if (to === 'forest') return null;
  return `${name} is turned: they cannot leave the Tombs of their own will, save on the Pilgrimage toward the Forest (ch.16)`;
}
