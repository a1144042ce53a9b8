// What one use of a class skill hands its effect (ch.2): who uses it, where they stand, the window
// its limit is counted in, and the notes it adds; and what the effect reports back for the record
// of uses that limits and capstones count.
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { TokenView } from '@shared/board.ts';
import type { SkillDef, SkillUse } from '../../rules/skills.ts';
import type { LichslayerRow } from '../../state/lichslayer.ts';
import type { PlaySession } from '../../state/session.ts';

export type SkillArgs = ParsedArgsOf<'skill.use'>;
export type SkillName = SkillArgs['skill'];
/** Each skill's own use, by its name: what its effect is handed. */
export type SkillArgsOf = { [S in SkillName]: Extract<SkillArgs, { skill: S }> };
export type UseWindow = Omit<SkillUse, 'lichslayerId' | 'skill'>;

export interface SkillCall<S extends SkillName = SkillName> {
  ps: PlaySession;
  l: LichslayerRow;
  def: SkillDef;
  args: SkillArgsOf[S];
  notes: string[];
  day: number;
  now: UseWindow;
  /** The user's Magic as it stands now (Recall and Commune reach by it, ch.2). */
  magic: number;
  /** The rooms chosen, in order (none: an empty list). */
  rooms: readonly { x: number; y: number }[];
  /** The user's own token on the board, if any. */
  token: TokenView | undefined;
  /** Where the user stands; refuses when they are not on the board (the skill acts in the Tombs). */
  here(): { floor: number; x: number; y: number };
  /** The user has enhanced this skill (ch.2). */
  enhanced: boolean;
  /** This skill's uses already counted in the current window. */
  usesInWindow(): readonly SkillUse[];
}

/** What a use reports for its record (the target and faction capstones count, a Burgle's token). */
export type SkillOutcome = Pick<SkillUse, 'target' | 'faction' | 'tokenId' | 'success'>;

export interface SkillEffect<S extends SkillName> {
  /** Applies the skill; returns what its record of use keeps. */
  use(call: SkillCall<S>): SkillOutcome | void;
  /** A passive skill that still takes a use when it carries a choice (the Coat's spell, a pay holiday). */
  passiveChoice?(call: Pick<SkillCall<S>, 'ps' | 'l' | 'args' | 'enhanced'>): boolean;
}

/** The skills whose use the app applies, each with its own effect; the rest are recorded for the Judge. */
export type SkillEffects = { [S in SkillName]?: SkillEffect<S> };
