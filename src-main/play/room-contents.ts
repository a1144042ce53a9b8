// What a newly revealed room holds (rulebook ch.9, ch.10, ch.12): the tier's room table with the
// current modifiers, its trap and chest, its gold, and its entities placed by tier.
import type { WorldState } from '@shared/board.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { EntityFields, RoomType, TableDef } from '@shared/tables.ts';
import type { Dice } from '../rules/dice.ts';
import type { RollRecord } from '../state/session.ts';
import { ROOM_CAPACITY, chestGoldFormula } from '../rules/board-facts.ts';
import { placeEntityTier, scaledEntityHealth } from '../rules/entities.ts';
import { rollGold } from '../rules/gold.ts';
import { floorTier, roomImpossible, rollPossibleRoom, rollStageFourRoom, type FloorFacts } from '../rules/room-roll.ts';
import { attentionEffects, type AttentionStage } from '../rules/lich-attention.ts';
import { parseDice, rollExpression } from '../rules/dice-expression.ts';
import { rollOnTable, TableRollError, type DrawState } from '../tables/table-roll.ts';

export interface RolledEntity {
  name: string;
  fields: EntityFields;
  health: number;
  table: string;
}

export interface RoomContents {
  type: RoomType;
  name: string;
  details: string;
  /** The room is trapped: its d6 is rolled on each character's entry (ch.9). */
  trap: boolean;
  chest: boolean;
  /** The gold formula the Judge rolls when its chest is opened (ch.9; house rule or the row's own). */
  chestGold: string;
  sanityTest: boolean;
  gold: number;
  entities: RolledEntity[];
  records: RollRecord[];
  /** A Lost character's once-per-dive re-roll of a natural 1 was spent on this room (ch.10). */
  lostRerollUsed: boolean;
}

export interface RevealSetting {
  dice: Dice;
  tables: ReadonlyMap<string, TableDef>;
  drawn: DrawState;
  rules: HouseRules;
  world: WorldState;
  /** The Lich's Attention stage, from its machine. */
  attentionStage: AttentionStage;
  players: number;
  floor: number;
  where: string;
  /** What the dive knows of this floor, for impossible rooms (ch.10). */
  facts?: FloorFacts;
  /** A Lost character reveals the room and still has this dive's re-roll of a natural 1 (ch.10). */
  lostReroll?: string | null;
  /** How many step into the room as it is revealed: its entities leave them space (ch.9). */
  entering?: number;
}

function needTable(tables: ReadonlyMap<string, TableDef>, key: string): TableDef {
  const t = tables.get(key);
  if (!t)
    throw new TableRollError(
      `The table “${key}” is missing from this campaign; restore it from the starter pack on the Tables screen`,
    );
  return t;
}

export function rollRoomContents(s: RevealSetting): RoomContents {
  const tier = floorTier(s.floor);
  const cause = `Reveal ${s.where}`;
  const records: RollRecord[] = [];
  const env = { dice: s.dice, tables: s.tables, drawn: s.drawn, cause };

  if (attentionEffects(s.attentionStage).antechambersOnly) {
    // ch.10: at Stage 4 every room is the Empty or the Colourless Antechamber.
    const r = rollStageFourRoom(s.dice, s.rules, cause);
    records.push({ cause, floor: s.floor, room: s.where, explain: r.explain, result: r, public: true });
    const colourless = r.room === 'colourless-antechamber';
    return {
      type: 'antechamber',
      name: colourless ? 'Colourless Antechamber' : 'Empty Antechamber',
      details: colourless ? 'All colour drains from whoever waits here.' : '',
      trap: false,
      chest: false,
      chestGold: '',
      sanityTest: colourless,
      gold: 0,
      entities: [],
      records,
      lostRerollUsed: false,
    };
  }

  const roomTable = `rooms-${tier}`;
  const table = needTable(s.tables, roomTable);
  const facts = s.facts ?? { sanityBreak: false, merchantDispatched: false };
  const context = {
    floor: s.floor,
    attentionStage: s.attentionStage,
    festival: s.world.festival,
    squareEmpty: s.world.squareEmpty,
  };
  // ch.10: an impossible room is re-rolled once, and a second impossible one is an empty room.
  let rerollLeft = !!s.lostReroll;
  const attempts: RollRecord[] = [];
  const rolled = rollPossibleRoom(
    (attempt) => {
      const node = rollOnTable(
        attempt === 1 ? env : { ...env, cause: `${cause}: re-roll of an impossible room` },
        roomTable,
        { ...context, ...(rerollLeft ? { lostReroll: true } : {}) },
      );
      if (node.rerolls.some((r) => r.startsWith('natural 1 re-rolled by a Lost character'))) rerollLeft = false;
      const record: RollRecord = {
        cause: attempt === 1 ? cause : `${cause}: re-roll`,
        table: roomTable,
        floor: s.floor,
        room: s.where,
        explain: node.explain,
        result: node,
        public: true,
      };
      attempts.push(record);
      records.push(record);
      return node;
    },
    (node) => roomImpossible(node.row !== null ? (table.rows[node.row]!.room?.impossibleWhen ?? '') : '', facts),
  );
  // Players see only the roll that made the room: a discarded impossible room would tell them
  // what the Judge's facts rule out on this floor (a Sanity Break, a dispatched Merchant).
  attempts.forEach((record, i) => {
    if (rolled.empty || i < attempts.length - 1) record.public = false;
  });
  const node = rolled.roll;
  const lostRerollUsed = rolled.attempts.some((n) =>
    n.rerolls.some((r) => r.startsWith('natural 1 re-rolled by a Lost character')),
  );
  if (rolled.explain)
    records.push({
      cause: `${cause}: impossible room`,
      floor: s.floor,
      room: s.where,
      explain: rolled.explain,
      result: { attempts: rolled.attempts.map((a) => a.value) },
      public: false,
    });
  if (lostRerollUsed && s.lostReroll)
    records.push({
      cause: `${cause}: Lost re-roll`,
      floor: s.floor,
      room: s.where,
      character: s.lostReroll,
      explain: `${s.lostReroll} spends this dive's re-roll of a natural 1 on a room roll (ch.10)`,
      result: null,
    });
  if (rolled.empty) {
    return {
      type: 'antechamber',
      name: 'Empty room',
      details: 'Both rolls were impossible here: the room is empty (ch.10).',
      trap: false,
      chest: false,
      chestGold: '',
      sanityTest: false,
      gold: 0,
      entities: [],
      records,
      lostRerollUsed,
    };
  }
  const row = node.row !== null ? table.rows[node.row]! : null;
  const fields = row?.room ?? {
    roomType: 'antechamber' as const,
    entities: '',
    faction: '' as const,
    trap: false,
    chest: false,
    sanityTest: false,
    gold: '',
    chestGold: '',
    impossibleWhen: '' as const,
  };

  let gold = 0;
  if (fields.gold && s.floor !== 10) {
    const g = rollGold(s.dice, fields.gold, `${cause}: gold`);
    if (g) {
      gold = g.gold;
      records.push({ cause: `${cause}: gold`, floor: s.floor, room: s.where, explain: g.explain, result: g });
    }
  }

  const entities: RolledEntity[] = [];
  const capacity = ROOM_CAPACITY[fields.roomType];
  if (fields.entities.trim() && capacity > 0) {
    let count: number;
    if (/^\d+$/.test(fields.entities.trim())) count = Number(fields.entities.trim());
    else {
      const roll = rollExpression(s.dice, parseDice(fields.entities), `${cause}: how many entities`);
      count = roll.total;
      records.push({
        cause: `${cause}: entities`,
        floor: s.floor,
        room: s.where,
        explain: `${count} entities = ${roll.shown} (room table)`,
        result: roll,
      });
    }
    // A room never holds more than its capacity (ch.9), and those revealing it step in: the rolled
    // entities take what places they leave (a full room would block its own revealer).
    const room = Math.max(0, capacity - Math.min(s.entering ?? 0, capacity));
    if (count > room)
      records.push({
        cause: `${cause}: entities`,
        floor: s.floor,
        room: s.where,
        explain: `${count} rolled, ${room} placed: the ${fields.roomType} holds ${capacity}, ${capacity - room} of them for those stepping in (ch.9)`,
        result: null,
      });
    count = Math.max(0, Math.min(count, room));
    for (let i = 0; i < count; i++) {
      const placement = placeEntityTier(s.dice, s.floor, s.rules, `${cause}: entity ${i + 1} tier`);
      const key = `entities-${placement.tier}`;
      const table = needTable(s.tables, key);
      const all = table.rows.map((r, index) => ({ r, index })).filter(({ r }) => r.entity);
      const ofFaction = all.filter(
        ({ r }) => !fields.faction || fields.faction === 'any' || r.entity!.faction === fields.faction,
      );
      // ch.12: an entity placed from another tier keeps to its own tier's kinds when the room's faction lives elsewhere.
      const choices = ofFaction.length ? ofFaction : all;
      if (choices.length === 0) throw new TableRollError(`${table.name} has no entity to place`);
      const byFaction = fields.faction && fields.faction !== 'any' && ofFaction.length;
      const pick = s.dice.die(
        choices.length,
        `${cause}: entity ${i + 1}${byFaction ? ` (${fields.faction})` : fields.faction && fields.faction !== 'any' ? ` (no ${fields.faction} in ${table.name}: any of it)` : ''}`,
      );
      const chosen = choices[pick.natural - 1]!;
      const ent = chosen.r.entity!;
      const health = scaledEntityHealth(ent.health, ent.level, s.players);
      entities.push({ name: chosen.r.label, fields: ent, health: health.value, table: key });
      records.push({
        cause: `${cause}: entity ${i + 1}`,
        table: key,
        floor: s.floor,
        room: s.where,
        explain: `${placement.explain}; ${pick.natural} of ${choices.length} → ${chosen.r.label} (${table.name}); ${health.explain}`,
        result: { placement, pick, entity: chosen.r.label },
      });
    }
  }

  return {
    type: fields.roomType,
    name: row?.label ?? 'Empty room',
    details: row?.details ?? '',
    trap: fields.trap,
    chest: fields.chest,
    chestGold: fields.chest ? chestGoldFormula(tier, fields.chestGold, s.rules).formula : '',
    sanityTest: fields.sanityTest,
    gold,
    entities,
    records,
    lostRerollUsed,
  };
}

/**
 * A Floor-10 wave (ch.10): at the start of each round 1d6 entities enter at the Gate, each rolled
 * on the Floor 7-9 entity tables with the tier-placement d6 (RULINGS).
 */
export function rollWave(s: RevealSetting): { entities: RolledEntity[]; records: RollRecord[] } {
  const cause = `Floor 10 wave, ${s.where}`;
  const count = s.dice.die(6, `${cause}: how many`);
  const records: RollRecord[] = [
    {
      cause,
      floor: 10,
      room: s.where,
      explain: `${count.natural} entities enter at the Gate (1d6, ch.10)`,
      result: count,
      public: true,
    },
  ];
  const entities: RolledEntity[] = [];
  for (let i = 0; i < count.natural; i++) {
    const placement = placeEntityTier(s.dice, 9, s.rules, `${cause}: entity ${i + 1} tier`);
    const key = `entities-${placement.tier}`;
    const table = needTable(s.tables, key);
    const choices = table.rows.filter((r) => r.entity);
    if (choices.length === 0) throw new TableRollError(`${table.name} has no entity to send`);
    const pick = s.dice.die(choices.length, `${cause}: entity ${i + 1}`);
    const row = choices[pick.natural - 1]!;
    const health = scaledEntityHealth(row.entity!.health, row.entity!.level, s.players);
    entities.push({ name: row.label, fields: row.entity!, health: health.value, table: key });
    records.push({
      cause: `${cause}: entity ${i + 1}`,
      table: key,
      floor: 10,
      room: s.where,
      explain: `${placement.explain}; ${pick.natural} of ${choices.length} → ${row.label} (${table.name}); ${health.explain}`,
      result: { placement, pick },
    });
  }
  return { entities, records };
}
