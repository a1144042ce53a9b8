// Inscriptions a Lichslayer has made on spells (ch.13's Inscribe: an item's effect applied to a
// spell, neither destroyed), kept as a campaign setting (undoable like any edit) by Lichslayer.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { RecordingWriter } from './history.ts';
import { readSetting, writeSetting } from './settings.ts';

const inscriptionSchema = z.strictObject({
  table: z.string(),
  row: z.number().int(),
  label: z.string(),
  line: z.string(),
});
const allSchema = z.record(z.string(), z.array(inscriptionSchema));
export type SpellInscription = z.output<typeof inscriptionSchema>;

export const readSpellInscriptions = (db: Database): Record<string, SpellInscription[]> =>
  readSetting(db, 'spell-inscriptions', allSchema, {});

/** The inscriptions on one spell, as its caster made them. */
export function inscriptionsOn(
  db: Database,
  lichslayerId: number,
  spell: { table: string; row: number; label: string },
): SpellInscription[] {
  return (readSpellInscriptions(db)[String(lichslayerId)] ?? []).filter(
    (i) => i.table === spell.table && i.row === spell.row && i.label === spell.label,
  );
}

export function addSpellInscription(
  w: RecordingWriter,
  db: Database,
  lichslayerId: number,
  inscription: SpellInscription,
): void {
  const all = readSpellInscriptions(db);
  writeSetting(w, db, 'spell-inscriptions', {
    ...all,
    [String(lichslayerId)]: [...(all[String(lichslayerId)] ?? []), inscription],
  });
}
