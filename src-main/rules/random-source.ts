// The one random source: seedable, injectable, with a state that can be saved and resumed,
// so a whole session's rolls can be replayed. xoshiro128** seeded through splitmix32.
export interface RandomSource {
  /** A uniform whole number from 1 to sides. */
  int(sides: number): number;
  /** How many numbers have been drawn since seeding. */
  readonly position: number;
  snapshot(): RandomState;
}

export interface RandomState {
  seed: number;
  position: number;
  s: [number, number, number, number];
}

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

export class SeededRandom implements RandomSource {
  // The four state words as fields, not an array: a draw allocates nothing (the simulator draws millions).
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private drawn = 0;

  constructor(
    readonly seed: number,
    state?: RandomState,
  ) {
    if (state) {
      [this.s0, this.s1, this.s2, this.s3] = state.s;
      this.drawn = state.position;
    } else {
      const mix = splitmix32(seed);
      this.s0 = mix();
      this.s1 = mix();
      this.s2 = mix();
      this.s3 = mix();
    }
  }

  static resume(state: RandomState): SeededRandom {
    return new SeededRandom(state.seed, state);
  }

  /** Next raw 32-bit output. */
  next32(): number {
    const { s0, s1, s2, s3 } = this;
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    let n2 = (s2 ^ s0) >>> 0;
    let n3 = (s3 ^ s1) >>> 0;
    const n1 = (s1 ^ n2) >>> 0;
    const n0 = (s0 ^ n3) >>> 0;
    n2 = (n2 ^ t) >>> 0;
    n3 = rotl(n3, 11);
    this.s0 = n0;
    this.s1 = n1;
    this.s2 = n2;
    this.s3 = n3;
    this.drawn++;
    return result;
  }

  int(sides: number): number {
    if (!Number.isInteger(sides) || sides < 1 || sides > 0xffffffff)
      throw new RangeError(`A die needs a whole number of sides from 1 up, not ${sides}`);
    // Rejection sampling keeps every face equally likely for any die size.
    const limit = 0x100000000 - (0x100000000 % sides);
    let x = this.next32();
    while (x >= limit) x = this.next32();
    return (x % sides) + 1;
  }

  get position(): number {
    return this.drawn;
  }

  snapshot(): RandomState {
    return { seed: this.seed, position: this.drawn, s: [this.s0, this.s1, this.s2, this.s3] };
  }
}

/** Dice that come out exactly as scripted: for tests that check one rule with known faces. */
export class ScriptedRandom implements RandomSource {
  private index = 0;
  constructor(private readonly faces: readonly number[]) {}

  int(sides: number): number {
    const face = this.faces[this.index];
    if (face === undefined) throw new Error(`Scripted dice ran out after ${this.index} rolls (asked for a d${sides})`);
    if (face < 1 || face > sides) throw new Error(`Scripted face ${face} cannot come up on a d${sides}`);
    this.index++;
    return face;
  }

  get position(): number {
    return this.index;
  }

  get remaining(): number {
    return this.faces.length - this.index;
  }

  snapshot(): RandomState {
    return { seed: 0, position: this.index, s: [0, 0, 0, 0] };
  }
}

/** A refusal of faces entered by hand: which die, and what the roll asked of it. */
export class DiceEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiceEntryError';
  }
}

/**
 * The faces rolled at the table, entered by hand: the rules draw them in order, exactly as they
 * draw from the seeded source, so the same faces resolve the same way. A face the die asked for
 * cannot show, a die with no face left, or a face left over is refused with which die it was.
 */
export class EnteredFaces implements RandomSource {
  private index = 0;
  constructor(private readonly faces: readonly number[]) {}

  int(sides: number): number {
    const n = this.index + 1;
    const face = this.faces[this.index];
    if (face === undefined)
      throw new DiceEntryError(
        `This roll needs more dice than the ${this.faces.length} entered: die ${n} is a d${sides} with no face. Enter it too.`,
      );
    if (!Number.isInteger(face) || face < 1 || face > sides)
      throw new DiceEntryError(`Die ${n} is a d${sides}: ${face} cannot come up on it (1 to ${sides}).`);
    this.index++;
    return face;
  }

  /** Every entered face was used; throws when some were left over. */
  finish(): void {
    if (this.index < this.faces.length)
      throw new DiceEntryError(
        `This roll used ${this.index} ${this.index === 1 ? 'die' : 'dice'}, but ${this.faces.length} faces were entered: remove the extra.`,
      );
  }

  get position(): number {
    return this.index;
  }

  snapshot(): RandomState {
    return { seed: 0, position: this.index, s: [0, 0, 0, 0] };
  }
}

/**
 * The dice of a preview: every die shows 2 (a d1 its 1), never a 6 that rolls again nor a natural 1
 * that calls an integrity check, so what it lists is only the dice a roll asks first, and nothing of
 * what the seeded source holds next.
 */
export class NeutralFaces implements RandomSource {
  private drawn = 0;

  int(sides: number): number {
    this.drawn++;
    return Math.min(2, sides);
  }

  get position(): number {
    return this.drawn;
  }

  snapshot(): RandomState {
    return { seed: 0, position: this.drawn, s: [0, 0, 0, 0] };
  }
}
