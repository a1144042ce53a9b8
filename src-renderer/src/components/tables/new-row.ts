// A new row as the Tables editor adds it: after the last row's range, with the fields of the
// table's category at their starting values.
import type { TableRow } from '@shared/tables.ts';
import type { TableView } from '@shared/contract.ts';

type SpellSchool = NonNullable<TableRow['spell']>['school'];

export function newRow(table: TableView['table'], school: SpellSchool, trapTable: boolean): TableRow {
  const isLoot = table.category === 'loot';
  const isRoom = table.category === 'room';
  const isEntity = table.category === 'entity';
  const isSpell = table.category === 'spell';
  const isTrap = trapTable;
  const tableSchool = school;
  const last = table.rows[table.rows.length - 1];
  const next = last?.range ? (last.range.to ?? last.range.from) + 1 : 1;
  const row: TableRow = {
    range: table.die === null ? null : { from: next, to: next },
    weight: table.die === null ? 1 : null,
    label: 'New entry',
    details: '',
    fields: {},
    loot: isLoot
      ? { tier: 'common', colour: 'Colourless', itemType: 'treasure', actions: ['equip'], breakable: true }
      : null,
    room: isRoom
      ? {
          roomType: 'chamber',
          entities: '',
          faction: '',
          trap: false,
          chest: false,
          sanityTest: false,
          gold: '',
          chestGold: '',
          impossibleWhen: '',
        }
      : null,
    entity: isEntity
      ? {
          faction: 'Ghoul',
          colour: 'Red',
          level: 1,
          health: 6,
          armor: 0,
          speed: 6,
          attack: '1d6',
          bypassArmor: false,
          lichType: false,
          sanityOnHit: 0,
          sanityAbility: 0,
          merchant: false,
          unbound: false,
        }
      : null,
    trap: isTrap
      ? { damage: '', ongoing: false, rounds: 1, bypassArmor: false, challenge: null, loseTurn: false }
      : null,
    spell: isSpell
      ? {
          school: tableSchool,
          cost: 0,
          castingTime: 'on-turn',
          roll: '',
          addsMagic: false,
          vestment: '',
          component: '',
          healthCost: 0,
          path: 'tomb',
          recipe: [],
          flora: '',
          grantedBy: '',
        }
      : null,
    rollOn: null,
  };
  return row;
}
