// A defeated Familiar (rulebook ch.3): it does not answer the Witch's summons again until the next
// session.

/** Whether the Witch's Familiar answers a summons this session (ch.3), with why not. */
export function familiarReturns(input: {
  witch: string;
  session: number;
  defeatedInSessions: readonly number[];
}): { summoned: true } | { summoned: false; explain: string } {
  const fell = input.defeatedInSessions.filter((s) => s === input.session);
  if (!fell.length) return { summoned: true };
  return {
    summoned: false,
    explain: `${input.witch}'s Familiar was defeated this session (${input.session}): it returns next session, so none is summoned now (ch.3)`,
  };
}
