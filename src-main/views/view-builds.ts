// How many times each whole view was built: a command is to build each at most once (its reply and
// its pushes share them), and a test holds it to that.
const builds = new Map<string, number>();

export function countBuild(view: 'board' | 'judge' | 'phase' | 'players' | 'private'): void {
  builds.set(view, (builds.get(view) ?? 0) + 1);
}

/** The builds counted since the last call, by view; the count starts again from nothing. */
export function takeViewBuilds(): Record<string, number> {
  const out = Object.fromEntries(builds);
  builds.clear();
  return out;
}
