// Each Familiar token placed for a Witch, and the session it was defeated in (rulebook ch.3), kept in
// one setting so the summons at a dive's start and a Forest visit can tell whether it may return.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { tokenRecord } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { currentSession } from '../db/ledger.ts';
import { readSetting, writeSetting } from '../db/settings.ts';
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
const readBonds = (db: Database) => readSetting(db, 'familiar-bonds', bondsSchema, {});

/** A Familiar token just placed for its Witch (ch.3). */
export function bondFamiliar(w: RecordingWriter, db: Database, tokenId: number, witch: number): void {
  const t = tokenRecord(db, tokenId);
  if (!t) return;
  writeSetting(w, db, 'familiar-bonds', {
    ...readBonds(db),
    [String(tokenId)]: { witch, name: t.name, placed: t.placed_at, defeatedSession: null },
  });
}

/** A Familiar token defeated (or brought back): the session is kept for its return (ch.3). */
export function familiarDefeated(w: RecordingWriter, db: Database, tokenId: number, defeated: boolean): void {
  const bonds = readBonds(db);
  const b = bonds[String(tokenId)];
  const t = tokenRecord(db, tokenId);
  if (!b || !t || t.name !== b.name || t.placed_at !== b.placed) return;
  const defeatedSession = defeated ? currentSession(db) : null;
  if (b.defeatedSession === defeatedSession) return;
  writeSetting(w, db, 'familiar-bonds', { ...bonds, [String(tokenId)]: { ...b, defeatedSession } });
}

/** Why the Witch's Familiar does not answer a summons now (ch.3), or null when it does. */
export function familiarAway(db: Database, witch: { id: number; name: string }): string | null {
  const sessions = Object.values(readBonds(db)).flatMap((b) =>
    b.witch === witch.id && b.defeatedSession !== null ? [b.defeatedSession] : [],
  );
  const verdict = familiarReturns({ witch: witch.name, session: currentSession(db), defeatedInSessions: sessions });
  return verdict.summoned ? null : verdict.explain;
}
