// Dice (rulebook ch.1, ch.11): plain dN, NdM, and the exploding d6 whose 6 rolls again and adds
// with no cap. Every roll returns its faces and is reported to the log with its cause.
import type { DieRoll, Modifier } from '@shared/dice.ts';
import type { RandomSource } from './random-source.ts';

export type { DieRoll, Modifier };

export interface DiceLogEntry {
  cause: string;
  sides: number;
  face: number;
  position: number;
}

/** The rules' view of randomness: a source, plus a log that learns what caused each roll. */
export class Dice {
  constructor(
    readonly source: RandomSource,
    private readonly log?: (entry: DiceLogEntry) => void,
  ) {}

  face(sides: number, cause: string): number {
    const face = this.source.int(sides);
    this.log?.({ cause, sides, face, position: this.source.position });
    return face;
  }

  /** One plain die. */
  die(sides: number, cause: string): DieRoll {
    const face = this.face(sides, cause);
    return { sides, faces: [face], natural: face, total: face };
  }

  /** One exploding d6: a 6 rolls again and adds, without cap (ch.1, ch.10). */
  explodingD6(cause: string): DieRoll {
    const faces = [this.face(6, cause)];
    while (faces[faces.length - 1] === 6) faces.push(this.face(6, `${cause} (explosion)`));
    return { sides: 6, faces, natural: faces[0]!, total: faces.reduce((a, b) => a + b, 0) };
  }

  /** N dice of M sides, plain or exploding (only d6 explode in this game). */
  pool(count: number, sides: number, cause: string, explode = false): DieRoll[] {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`Cannot roll ${count} dice`);
    const out: DieRoll[] = [];
    const exploding = explode && sides === 6;
    for (let i = 0; i < count; i++) out.push(exploding ? this.explodingD6(cause) : this.die(sides, cause));
    return out;
  }
}

export const sumDice = (dice: readonly DieRoll[]): number => dice.reduce((a, d) => a + d.total, 0);

/** "[6+4, 2]" — the faces of each die, explosions joined by +. */
export function showDice(dice: readonly DieRoll[]): string {
  return `[${dice.map((d) => d.faces.join('+')).join(', ')}]`;
}

/** The difficulty ladder: every target is a multiple of 6 (ch.11). */
export const DIFFICULTY = {
  simple: 6,
  moderate: 12,
  difficult: 18,
  daunting: 24,
  merciless: 30,
} as const;
export type Difficulty = keyof typeof DIFFICULTY;

export const signed = (n: number): string => (n >= 0 ? `+ ${n}` : `− ${-n}`);

export function showModifiers(mods: readonly Modifier[]): string {
  return mods
    .filter((m) => m.value !== 0)
    .map((m) => ` ${signed(m.value)} (${m.source})`)
    .join('');
}

export const totalOf = (mods: readonly Modifier[]): number => mods.reduce((a, m) => a + m.value, 0);

export function clamp(value: number, low: number, high: number): { value: number; clamp: string | null } {
  if (value < low) return { value: low, clamp: `${value} below ${low} counts as ${low}` };
  if (value > high) return { value: high, clamp: `${value} above ${high} counts as ${high}` };
  return { value, clamp: null };
}
