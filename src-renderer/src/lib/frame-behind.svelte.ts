// A value that can be held a frame behind the one it follows: the board's side column after a
// drop, so the canvas draws the answer first and the column (its build and its layout) comes in
// the next frame rather than in front of the canvas.

export class FrameBehind<T> {
  #held = $state.raw<T | null>(null);
  #holds = 0;

  constructor(private readonly now: () => T) {}

  /** What `now` gives, or what it gave when held. */
  get value(): T {
    return this.#held ?? this.now();
  }

  /** Keeps the value as it is until every hold is released. */
  hold(): void {
    this.#holds++;
    this.#held ??= this.now();
  }

  /** Lets go after the next frame has been drawn (a task after its animation frame). */
  release(): void {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (--this.#holds === 0) this.#held = null;
      }),
    );
  }
}
