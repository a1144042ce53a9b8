// Every setting a campaign keeps, read once through its own reader (and so its schema) when the
// campaign is opened or imported: a damaged one refuses there, by name, with the repair offer,
// rather than failing a view or a command in the middle of play (issue 16b, findings 1 and 6).
import type { Database } from 'better-sqlite3';
import { legacyPartyFloor, legacyWorldAttention, readWorld } from '../db/board-repo.ts';
import { readBuffs } from '../db/channel-buffs.ts';
import { currentSession, savedRandom, sessionStarts } from '../db/ledger.ts';
import { readLifeRecords } from '../db/life-records.ts';
import { readHouseRules } from '../db/settings.ts';
import { readSpellInscriptions } from '../db/spell-inscriptions.ts';
import { readTown } from '../db/town-repo.ts';
import { journalNotes } from '../views/journal-view.ts';
import { attentionActor, combatActor, diveActor, stored, turnedOn } from './phase-store.ts';
import { starterRecord } from './starter-tables.ts';

/** Throws CampaignFileError('damaged') naming the first setting that is not what the app writes. */
export function checkCampaignSettings(db: Database): void {
  readHouseRules(db);
  readWorld(db);
  legacyWorldAttention(db);
  legacyPartyFloor(db);
  readTown(db);
  readBuffs(db);
  readLifeRecords(db);
  readSpellInscriptions(db);
  savedRandom(db);
  const sessions = currentSession(db);
  sessionStarts(db);
  turnedOn(db);
  starterRecord(db);
  for (let session = 1; session <= sessions; session++) journalNotes(db, session);
  // The machines are restored as play restores them, so a snapshot xstate would refuse is found now.
  diveActor(db).stop();
  attentionActor(db).stop();
  if (stored(db, 'machine:combat')) combatActor(db).stop();
}
