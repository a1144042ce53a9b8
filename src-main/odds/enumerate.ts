// Brute force for the odds' checks: runs a roll once for every sequence of die faces it can ask
// for, each weighted by its chance, through the real roller (a RandomSource that replays a
// prefix of faces and asks to branch when the prefix runs out).
import type { RandomSource, RandomState } from '../rules/random-source.ts';

class Branch extends Error {
  constructor(readonly sides: number) {
    super('branch');
  }
}

class PrefixRandom implements RandomSource {
  private index = 0;
  constructor(private readonly faces: readonly number[]) {}
  int(sides: number): number {
    const face = this.faces[this.index];
    if (face === undefined) throw new Branch(sides);
    this.index++;
    return face;
  }
  get position(): number {
    return this.index;
  }
  snapshot(): RandomState {
    return { seed: 0, position: this.index, s: [0, 0, 0, 0] };
  }
}

/**
 * Every outcome of `run` with its chance. Sequences longer than `maxDice` faces are not followed:
 * their chance is returned as `unexplored`.
 */
export function enumerateOutcomes<T>(
  run: (source: RandomSource) => T,
  maxDice = 8,
): { outcomes: { value: T; p: number }[]; unexplored: number } {
  const outcomes: { value: T; p: number }[] = [];
  let unexplored = 0;
  const walk = (faces: number[], p: number): void => {
    try {
      outcomes.push({ value: run(new PrefixRandom(faces)), p });
    } catch (error) {
      if (!(error instanceof Branch)) throw error;
      if (faces.length >= maxDice) {
        unexplored += p;
        return;
      }
      for (let f = 1; f <= error.sides; f++) walk([...faces, f], p / error.sides);
    }
  };
  walk([], 1);
  return { outcomes, unexplored };
}
