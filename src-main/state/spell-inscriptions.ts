// Inscriptions a Lichslayer has made on spells (ch.13's Inscribe: an item's effect applied to a
// spell, neither destroyed), a row per inscription, removed with its Lichslayer (undoable like any edit).
import type { PlayReader, PlaySession } from './session.ts';

/** A spell as an inscription names it: its table's key, its row there and its label. */
export interface InscribedSpell {
  table: string;
  row: number;
  label: string;
}

export interface SpellInscription extends InscribedSpell {
  line: string;
}

/** The inscriptions on one spell, as its caster made them, in the order made. */
export function inscriptionsOn(s: PlayReader, lichslayerId: number, spell: InscribedSpell): SpellInscription[] {
  return s
    .all('spell_inscription')
    .filter(
      (i) =>
        i.lichslayer_id === lichslayerId &&
        i.spell_table === spell.table &&
        i.spell_row === spell.row &&
        i.spell_label === spell.label,
    )
    .map((i) => ({ table: i.spell_table, row: i.spell_row, label: i.spell_label, line: i.line }));
}

export function addSpellInscription(s: PlaySession, lichslayerId: number, inscription: SpellInscription): void {
  s.insert('spell_inscription', {
    lichslayer_id: lichslayerId,
    spell_table: inscription.table,
    spell_row: inscription.row,
    spell_label: inscription.label,
    line: inscription.line,
  });
}
