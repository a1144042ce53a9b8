// Each Familiar token placed for a Witch, and the session it was defeated in (rulebook ch.3), kept in
// one setting so the summons at a dive's start and a Forest visit can tell whether it may return, and a
// second Familiar on the same floor is refused.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { z } from 'zod';
import { tokenRecord, type TokenRecord } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import { currentSession } from '../state/sessions.ts';
import { readSetting, writeSetting } from '../state/settings.ts';
import { familiarReturns } from '../rules/familiar-return.ts';

// A bond names the token it was made for (its name and placement): SQLite may give a removed token's
// id to the next one placed, which must not inherit its bond.
const bondsSchema = z.record(
  z.string(),
  z.object({
    witch: z.number().int(),
    name: z.string().max(200),
    placed: z.number().int(),
    defeatedSession: z.number().int().nullable(),
  }),
);
const readBonds = (ps: PlayReader) => readSetting(ps, 'familiar-bonds', bondsSchema, {});

/** A Familiar token just placed for its Witch (ch.3). */
export function bondFamiliar(ps: PlaySession, tokenId: number, witch: number): void {
  const t = tokenRecord(ps, tokenId);
  if (!t) return;
  writeSetting(ps, 'familiar-bonds', {
    ...readBonds(ps),
    [String(tokenId)]: { witch, name: t.name, placed: t.placed_at, defeatedSession: null },
  });
}

/** A Familiar token defeated (or brought back): the session is kept for its return (ch.3). */
export function familiarDefeated(ps: PlaySession, tokenId: number, defeated: boolean): void {
  const bonds = readBonds(ps);
  const b = bonds[String(tokenId)];
  const t = tokenRecord(ps, tokenId);
  if (!b || !t || t.name !== b.name || t.placed_at !== b.placed) return;
  const defeatedSession = defeated ? currentSession(ps) : null;
  if (b.defeatedSession === defeatedSession) return;
  writeSetting(ps, 'familiar-bonds', { ...bonds, [String(tokenId)]: { ...b, defeatedSession } });
}

/** Why the Witch's Familiar does not answer a summons now (ch.3), or null when it does. */
export function familiarAway(ps: PlayReader, witch: { id: number; name: string }): string | null {
  const sessions = Object.values(readBonds(ps)).flatMap((b) =>
    b.witch === witch.id && b.defeatedSession !== null ? [b.defeatedSession] : [],
  );
  const verdict = familiarReturns({ witch: witch.name, session: currentSession(ps), defeatedInSessions: sessions });
  return verdict.summoned ? null : verdict.explain;
}

/** The Witch's Familiar standing on the board now (ch.3): the last one placed for her and not defeated. */
export function familiarOnBoard(ps: PlayReader, witchId: number): TokenRecord | null {
  let found: TokenRecord | null = null;
  for (const [id, b] of Object.entries(readBonds(ps))) {
    const t = b.witch === witchId ? tokenRecord(ps, Number(id)) : null;
    if (!t || t.name !== b.name || t.placed_at !== b.placed || t.defeated || t.floor === null) continue;
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
  for (const [id, b] of Object.entries(readBonds(ps))) {
    const t = b.witch === witchId ? tokenRecord(ps, Number(id)) : null;
    if (!t || t.name !== b.name || t.placed_at !== b.placed || t.floor !== floor) continue;
    const witch = ps.byId('lichslayer', witchId)?.name ?? 'The Witch';
    throw new CommandFailure(
      'refused',
      `${witch}'s Familiar ${b.name} was summoned on Floor ${floor} already: a Familiar cannot be summoned again mid-floor (ch.3). ${name} was not added.`,
    );
  }
}
