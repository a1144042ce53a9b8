// What one player's own screen receives: their Lichslayer's Gauntlet, read-only, computed in main
// with everything else left out (another Lichslayer's secrets, the Judge's board, notes).
import type { SanityLevel } from './gauntlet.ts';
import type { Ailment } from './ailments.ts';

import type { PrintItem } from './print.ts';

/** An equipped item as its Gauntlet sheet shows it (the same shape as the printed sheet's). */
export type PrivateItem = PrintItem;

export interface PrivateView {
  campaign: string;
  name: string;
  level: number;
  /** Null until the class is revealed (level 2, ch.1): hidden from its own player too. */
  className: string | null;
  health: number;
  maxHealth: number;
  armor: number;
  maxArmor: number;
  power: number;
  speed: number;
  magic: number;
  sanity: { level: SanityLevel; label: string; penalty: number };
  gold: number;
  goldMarks: number;
  xp: number;
  items: PrivateItem[];
  inventory: { name: string; count: number; broken: boolean }[];
  inventoryDepth: number;
  /**
   * Skills held, with how often each may be used (ch.2) and the uses left now (null: no limit);
   * `always` marks a passive skill, in effect without being used.
   */
  skills: { name: string; limit: string | null; left: number | null; always: boolean }[];
  ailments: Ailment[];
  /** Roll penalties in force, each with its source (ch.4, ch.8). */
  penalties: { source: string; value: number }[];
  clock: { daysWithoutMeal: number; daysWithoutShelter: number; ateToday: boolean; shelteredToday: boolean };
  /** In a fight: whose turn players see, and this Lichslayer's place among the visible entrants. */
  fight: {
    round: number;
    turnOf: string | null;
    yourTurn: boolean;
    place: number | null;
    of: number;
    /** On this Lichslayer's turn: what it may do now (an attack and its targets, a spell, skills); else empty. */
    canDo: string[];
  } | null;
  /** A roll the Judge asks of this Lichslayer, which the player may roll at the table and send. */
  call: { what: string; sent: number[] | null } | null;
}

/** What the Judge hands a player: the link to their own screen (web host, players on the local network). */
export interface PrivateLinksView {
  /** False unless the host shares the players' screens on the local network. */
  sharing: boolean;
  /** `kept`: the link still opens after the app restarts (the Judge chose to keep it). */
  links: { lichslayerId: number; url: string; kept: boolean }[];
}
