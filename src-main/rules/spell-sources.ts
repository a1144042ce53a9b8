// Where a cast comes from besides the caster's own spellbook (rulebook ch.2, ch.15): a Scholar's
// Scroll, a spell prepared in the Lich Doctor's Coat, a spell the Witch stole with Counter Magic.
// Each is one more source of a cast through phase.cast, not a copy of it. Pure: the caller supplies
// what is held and what the session has seen.

export interface SourceSpell {
  table: string;
  row: number;
  label: string;
}

/** A Scholar's Scroll: the spell and the Magic it was recorded at (ch.2). */
export interface Scroll extends SourceSpell {
  id: number;
  scholarId: number;
  scholar: string;
  magic: number;
  session: number;
}

/** A spell prepared in the Lich Doctor's Coat (ch.2). */
export interface CoatSpell extends SourceSpell {
  doctorId: number;
}

/** A spell stolen by Counter Magic: cast by the Witch at the original caster's Magic (ch.2). */
export interface StolenSpell extends SourceSpell {
  witchId: number;
  caster: string;
  magic: number;
  /** The Round it was stolen in, and the last Round it may still be cast in. */
  round: number;
  lastRound: number;
  /** The Counter Magic Challenge's ledger entry, so one success steals one spell. */
  rollId: number;
}

const refusal = (ok: boolean, why: string): string | null => (ok ? null : why);

/**
 * Scrolls and Ink (ch.2): a Scroll of a spell the Scholar cast or witnessed this session (the app
 * reads "witnessed" as resolved in this session, where the Scholar plays), at most Magic active Scrolls.
 */
export function scrollRefusal(input: {
  scholar: string;
  label: string;
  seenThisSession: boolean;
  active: number;
  magic: number;
}): string | null {
  return (
    refusal(
      input.seenThisSession,
      `${input.scholar} has not cast or witnessed ${input.label} this session: a Scroll records only such a spell (ch.2)`,
    ) ??
    refusal(
      input.active < input.magic,
      `${input.scholar} holds ${input.active} active Scroll${input.active === 1 ? '' : 's'} and has Magic ${input.magic}: at most Magic active Scrolls (ch.2)`,
    )
  );
}

/** The Scroll written: the spell at the Scholar's Magic as it stands now (ch.2). */
export function writeScroll(input: Omit<Scroll, 'id'>, id: number): { scroll: Scroll; explain: string } {
  return {
    scroll: { ...input, id },
    explain: `${input.scholar} writes a Scroll of ${input.label} at Magic ${input.magic} (Scroll ${id}); anyone may cast it once (ch.2)`,
  };
}

/** ch.2: the three spells the Coat cannot hold. */
export const COAT_FORBIDDEN = ['One-Thousand Blades', 'Feast', 'Omega'] as const;

/** ch.2: the Coat holds up to Magic prepared spells, one more enhanced. */
export function coatCapacity(magic: number, enhanced: boolean): number {
  return Math.max(0, magic) + (enhanced ? 1 : 0);
}

/**
 * Preparing a spell in the Doctor's Coat of Arms (ch.2): of a school the Doctor can use (the same
 * access rule a cast reads), never One-Thousand Blades, Feast or Omega, up to the Coat's capacity.
 */
export function coatRefusal(input: {
  doctor: string;
  label: string;
  stored: number;
  magic: number;
  enhanced: boolean;
  schoolRefusal: string | null;
}): string | null {
  const forbidden = COAT_FORBIDDEN.some((f) => f.toLowerCase() === input.label.trim().toLowerCase());
  const room = coatCapacity(input.magic, input.enhanced);
  return (
    refusal(!forbidden, `The Coat cannot store ${input.label}: never One-Thousand Blades, Feast or Omega (ch.2)`) ??
    (input.schoolRefusal ? `${input.doctor} cannot store ${input.label}: ${input.schoolRefusal}` : null) ??
    refusal(
      input.stored < room,
      `${input.doctor}'s Coat holds ${input.stored} prepared spell${input.stored === 1 ? '' : 's'}, its most (Magic ${input.magic}${input.enhanced ? ' + 1 enhanced' : ''}) (ch.2)`,
    )
  );
}

/** ch.2: a spell cast from the Coat costs half its gold (rounded up, as every half price in the book). */
export function coatGold(cost: number): { cost: number; note: string } {
  const half = Math.ceil(cost / 2);
  return { cost: half, note: `cast from the Doctor's Coat: half of ${cost} = ${half} gold (ch.2)` };
}

/**
 * Counter Magic success (ch.2): the stolen spell is cast on the Witch's next turn — the Round after
 * the theft at the latest — or, enhanced, held up to 3 Rounds.
 */
export function stealSpell(input: {
  witchId: number;
  witch: string;
  caster: string;
  magic: number;
  spell: SourceSpell;
  round: number;
  enhanced: boolean;
  rollId: number;
}): { stolen: StolenSpell; explain: string } {
  const lastRound = input.round + (input.enhanced ? 3 : 1);
  return {
    stolen: {
      ...input.spell,
      witchId: input.witchId,
      caster: input.caster,
      magic: input.magic,
      round: input.round,
      lastRound,
      rollId: input.rollId,
    },
    explain: `${input.witch} steals ${input.spell.label} from ${input.caster}: it does not resolve for ${input.caster}; ${input.witch} casts it free at Magic ${input.magic} ${input.enhanced ? `within 3 Rounds (until Round ${lastRound}; Counter Magic enhanced)` : `on her next turn (by Round ${lastRound})`} (ch.2)`,
  };
}

/** Whether a stolen spell may still be cast in this Round (ch.2); a lapsed one is gone. */
export function stolenRefusal(stolen: StolenSpell, round: number): string | null {
  return refusal(
    round <= stolen.lastRound,
    `${stolen.label}, stolen from ${stolen.caster} in Round ${stolen.round}, lapsed after Round ${stolen.lastRound} (ch.2)`,
  );
}
