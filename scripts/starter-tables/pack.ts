// The starter pack as built from its parts: the shipped resources/starter/tables.json is this, written out.
import { PACK_FORMAT, PACK_VERSION, SPELL_SCHOOLS, tableDefSchema, type TablePack } from '../../src-shared/tables.ts';
import { entityTable } from './entities.ts';
import { EVENTS } from './events.ts';
import { lootTable, vestmentTable } from './loot.ts';
import { roomTable } from './rooms.ts';
import { SPIRITS, spellTable } from './spells.ts';
import { trapTable } from './traps.ts';

export function buildStarterPack(): TablePack {
  return {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    name: 'Lichslayer Judge starter tables (original content, not from the rulebook)',
    tables: [
      lootTable(),
      roomTable('upper'),
      roomTable('middle'),
      roomTable('lower'),
      entityTable('upper'),
      entityTable('middle'),
      entityTable('lower'),
      ...EVENTS,
      trapTable('upper'),
      trapTable('middle'),
      trapTable('lower'),
      ...SPELL_SCHOOLS.map(spellTable),
      ...SPIRITS,
      vestmentTable,
    ].map((t) => tableDefSchema.parse(t)),
  };
}
