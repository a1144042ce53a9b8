// Each Familiar token placed for a Witch, and the session it was defeated in (rulebook ch.3), kept as a
// row per Familiar, so the summons at a dive's start and a Forest visit can tell whether it may return,
// and a second Familiar on the same floor is refused. The row outlives its token (a removed token's
// defeat still keeps it away this session); its token link is cleared when the token goes.
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { TokenRecord } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import { currentSession } from '../state/sessions.ts';
import { familiarReturns } from '../rules/familiar-return.ts';

/** A Familiar token just placed for its Witch (ch.3). */
export function bondFamiliar(ps: PlaySession, tokenId: number, witch: number): void {
  if (!ps.byId('token', tokenId)) return;
  ps.insert('familiar', { witch_id: witch, token_id: tokenId, defeated_session: null });
}

/** A Familiar token defeated (or brought back): the session is kept for its return (ch.3). */
export function familiarDefeated(ps: PlaySession, tokenId: number, defeated: boolean): void {
  const bond = ps.all('familiar').find((b) => b.token_id === tokenId);
  if (!bond) return;
  const defeatedSession = defeated ? currentSession(ps) : null;
  if (bond.defeated_session !== defeatedSession) ps.update('familiar', bond.id, { defeated_session: defeatedSession });
}

/** Why the Witch's Familiar does not answer a summons now (ch.3), or null when it does. */
export function familiarAway(ps: PlayReader, witch: { id: number; name: string }): string | null {
  const sessions = ps
    .all('familiar')
    .flatMap((b) => (b.witch_id === witch.id && b.defeated_session !== null ? [b.defeated_session] : []));
  const verdict = familiarReturns({ witch: witch.name, session: currentSession(ps), defeatedInSessions: sessions });
  return verdict.summoned ? null : verdict.explain;
}

/** The Witch's Familiar tokens still on the board, defeated or not. */
function familiarTokens(ps: PlayReader, witchId: number): Readonly<TokenRecord>[] {
  return ps.all('familiar').flatMap((b) => {
    const t = b.witch_id === witchId && b.token_id !== null ? ps.byId('token', b.token_id) : null;
    return t ? [t] : [];
  });
}

/** The Witch's Familiar standing on the board now (ch.3): the last one placed for her and not defeated. */
export function familiarOnBoard(ps: PlayReader, witchId: number): Readonly<TokenRecord> | null {
  let found: Readonly<TokenRecord> | null = null;
  for (const t of familiarTokens(ps, witchId)) {
    if (t.defeated || t.floor === null) continue;
    if (!found || t.placed_at > found.placed_at) found = t;
  }
  return found;
}

/**
 * ch.3: a Familiar lasts for its floor and cannot be summoned again mid-floor. Refuses a Familiar placed
 * for a Witch who has had one on this floor already, defeated or not; a token the Judge removed is gone
 * and does not count.
 */
export function refuseSecondFamiliar(ps: PlayReader, witchId: number | undefined, floor: number, name: string): void {
  if (witchId === undefined) return;
  const t = familiarTokens(ps, witchId).find((k) => k.floor === floor);
  if (!t) return;
  const witch = ps.byId('lichslayer', witchId)?.name ?? 'The Witch';
  throw new CommandFailure(
    'refused',
    `${witch}'s Familiar ${t.name} was summoned on Floor ${floor} already: a Familiar cannot be summoned again mid-floor (ch.3). ${name} was not added.`,
  );
}
