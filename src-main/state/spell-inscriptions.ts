// Inscriptions a Lichslayer has made on spells (ch.13's Inscribe: an item's effect applied to a
// spell, neither destroyed), kept as a campaign setting (undoable like any edit) by Lichslayer.
import type { PlayReader, PlaySession } from './session.ts';
import { z } from 'zod';
import { readSetting, writeSetting } from './settings.ts';

const inscriptionSchema = z.strictObject({
  table: z.string(),
  row: z.number().int(),
  label: z.string(),
  line: z.string(),
});
const allSchema = z.record(z.string(), z.array(inscriptionSchema));
export type SpellInscription = z.output<typeof inscriptionSchema>;

export const readSpellInscriptions = (s: PlayReader): Record<string, SpellInscription[]> =>
  readSetting(s, 'spell-inscriptions', allSchema, {});

/** The inscriptions on one spell, as its caster made them. */
export function inscriptionsOn(
  s: PlayReader,
  lichslayerId: number,
  spell: { table: string; row: number; label: string },
): SpellInscription[] {
  return (readSpellInscriptions(s)[String(lichslayerId)] ?? []).filter(
    (i) => i.table === spell.table && i.row === spell.row && i.label === spell.label,
  );
}

export function addSpellInscription(s: PlaySession, lichslayerId: number, inscription: SpellInscription): void {
  const all = readSpellInscriptions(s);
  writeSetting(s, 'spell-inscriptions', {
    ...all,
    [String(lichslayerId)]: [...(all[String(lichslayerId)] ?? []), inscription],
  });
}
