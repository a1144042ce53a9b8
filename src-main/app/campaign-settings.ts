// Every setting a campaign keeps, read once through its own reader (and so its schema) when the
// campaign is opened or imported: a damaged one refuses there, by name, with the repair offer,
// rather than failing a view or a command in the middle of play.
import type { Database } from 'better-sqlite3';
import { readWorld } from '../state/board.ts';
import { olderAttentionStage, olderPartyFloor } from '../db/older-settings.ts';
import { stateReader } from '../db/play-store.ts';
import { currentSession, savedRandom, sessionStarts } from '../state/sessions.ts';
import { readHouseRules } from '../state/settings.ts';
import { readTown } from '../state/town.ts';
import { journalNotes } from '../views/journal-view.ts';
import { attentionActor, combatActor, diveActor, stored } from '../play/machines.ts';
import { starterRecord } from './starter-tables.ts';

/** Throws CampaignFileError('damaged') naming the first setting that is not what the app writes. */
export function checkCampaignSettings(db: Database): void {
  const ps = stateReader(db);
  readHouseRules(ps);
  readWorld(ps);
  // A file before format 8 is checked before migration 8 moves these; in a newer one they are gone.
  olderAttentionStage(db);
  olderPartyFloor(db);
  readTown(ps);
  savedRandom(ps);
  const sessions = currentSession(ps);
  sessionStarts(ps);
  starterRecord(db);
  for (let session = 1; session <= sessions; session++) journalNotes(ps, session);
  // The machines are restored as play restores them, so a snapshot xstate would refuse is found now.
  diveActor(ps);
  attentionActor(ps);
  if (stored(ps, 'machine:combat')) combatActor(ps);
}
