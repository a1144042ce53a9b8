// A day at the Inn as main and the screens both read it, kept free of zod for the renderer's bundle.

/** A feast's meal bought on an earlier day still feeds on `day` (ch.5's Inn events): main's night and the screens read it. */
export function fedByEarlierMeal(fedThrough: number | null, day: number): boolean {
  return fedThrough !== null && fedThrough >= day;
}
