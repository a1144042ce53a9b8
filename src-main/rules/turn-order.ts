// Who acts when on the turn stack (rulebook ch.2, ch.3, ch.11): a Retainer acts at its Aristocrat's
// initiative, right after them; a Familiar has no turn of its own (it acts on its Witch's turn).

/**
 * The stack with each Retainer moved to just after its employer, in hire order (ch.2, the
 * Aristocrat's Retainers). A Retainer whose employer has no place on the stack keeps its own.
 */
export function retainersAfterEmployers(order: readonly number[], employerOf: ReadonlyMap<number, number>): number[] {
  const followers = new Map<number, number[]>();
  for (const tokenId of order) {
    const boss = employerOf.get(tokenId);
    if (boss !== undefined && order.includes(boss)) followers.set(boss, [...(followers.get(boss) ?? []), tokenId]);
  }
  const placed = new Set([...followers.values()].flat());
  return order.flatMap((tokenId) => (placed.has(tokenId) ? [] : [tokenId, ...(followers.get(tokenId) ?? [])]));
}

/** ch.3: the Familiar acts on its Witch's turn, so it takes no slot of its own on the stack. */
export function takesOwnTurn(kind: string): boolean {
  return kind !== 'familiar';
}

/** ch.3: a Familiar persists for the floor it was summoned on (at a dive's start); it does not follow the party down. */
export function familiarFollows(diveStarts: boolean): boolean {
  return diveStarts;
}
