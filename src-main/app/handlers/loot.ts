// loot.*: loot's five fates (rulebook ch.13) as commands: each checks its rule against the item's loot-table
// entry and applies it in one undoable step. Equipping and unequipping take the holder's turn in a
// fight; channelled buffs last until the dive ends.
import type { Database } from 'better-sqlite3';
import type { Colour, ItemSlot } from '@shared/gauntlet.ts';
import type { RecordingWriter } from '../../db/history.ts';
import { writeSetting } from '../../db/settings.ts';
import { readBuffs } from '../../db/channel-buffs.ts';
import { loadAllTables } from '../../db/tables-repo.ts';
import { canChannel, canConsume, canMerge, componentChoice, merged, type FateVerdict, type LootItem } from '../../rules/loot-fate.ts';
import { CommandFailure } from '../command-failure.ts';
import { requireLichslayer } from '../lichslayer-row.ts';
import { today } from '../../db/town-repo.ts';
import { addToInventory } from '../../db/inventory.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { endTurn } from '../phase-ops.ts';
import { combatActor, diveActor, stored } from '../phase-store.ts';
import { allTokens } from '../../db/board-repo.ts';




interface ItemRow {
  id: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  notes: string;
}
interface StackRow {
  id: number;
  position: number;
  name: string;
  count: number;
}


export function lootHandlers(ctx: HandlerContext): HandlersOf<'loot'> {
  function entryFor(database: Database, name: string): LootItem['entry'] {
    for (const { def } of loadAllTables(database).values()) {
      if (def.category !== 'loot') continue;
      const row = def.rows.find((r) => r.loot && r.label.trim().toLowerCase() === name.trim().toLowerCase());
      if (row?.loot) return { fields: row.loot, details: row.details };
    }
    return null;
  }

  const slotItem = (database: Database, id: number, slot: ItemSlot) =>
    database.prepare(`SELECT id, slot, name, colour, notes FROM item WHERE lichslayer_id = ? AND slot = ?`).get(id, slot) as ItemRow | undefined;
  const stacks = (database: Database, id: number) => database.prepare(`SELECT id, position, name, count FROM inventory WHERE lichslayer_id = ? ORDER BY position, id`).all(id) as StackRow[];

  /** The item a fate acts on, wherever it sits, and how to take one of it away. */
  function source(database: Database, id: number, from: { slot: ItemSlot } | { stack: number }) {
    if ('slot' in from) {
      const item = slotItem(database, id, from.slot);
      if (!item) throw new CommandFailure('refused', `Nothing is in that slot. Nothing changed.`);
      return { item: { name: item.name, colour: item.colour, notes: item.notes, entry: entryFor(database, item.name) } satisfies LootItem, take: (w: RecordingWriter) => w.delete('item', item.id), row: item };
    }
    const stack = stacks(database, id)[from.stack];
    if (!stack) throw new CommandFailure('refused', `There is no inventory stack ${from.stack + 1}. Nothing changed.`);
    const entry = entryFor(database, stack.name);
    const item: LootItem = { name: stack.name, colour: entry?.fields.colour ?? 'Colourless', notes: '', entry };
    return { item, take: (w: RecordingWriter) => (stack.count > 1 ? w.update('inventory', stack.id, { count: stack.count - 1 }) : w.delete('inventory', stack.id)), row: null };
  }

  const check = (v: FateVerdict): string => {
    if (!v.ok) throw new CommandFailure('refused', `${v.reason}. Nothing changed.`);
    return v.explain;
  };

  /** ch.11, ch.13: in a fight, equipping or unequipping is the Lichslayer's turn. */
  function takesTheTurn(w: RecordingWriter, database: Database, id: number, what: string, notes: string[]): void {
    if (!stored(database, 'machine:combat')) return;
    const current = combatActor(database).getSnapshot().context.current;
    const token = allTokens(database).find((t) => t.lichslayerId === id);
    const onStack = token && combatActor(database).getSnapshot().context.order.some((s) => s.tokenId === token.id);
    if (!onStack) return;
    if (current !== token.id) throw new CommandFailure('refused', `${what} takes a turn in a fight: wait for ${token.name}'s turn (ch.11). Nothing changed.`);
    endTurn(w, database, notes);
  }

  return {
    'loot.fate': (args) =>
      ctx.transact('loot.fate', args, `Loot: ${args.fate}`, (w, database) => {
        const l = requireLichslayer(database, args.id);
        const notes: string[] = [];
        const day = today(database);
        switch (args.fate) {
          case 'consume': {
            const s = source(database, args.id, args.from);
            notes.push(check(canConsume(s.item)) + (s.item.entry?.details ? ` — ${s.item.entry.details}` : ''));
            s.take(w);
            break;
          }
          case 'channel': {
            const s = source(database, args.id, args.from);
            const dive = String(diveActor(database).getSnapshot().value);
            notes.push(check(canChannel(s.item, ['exploring', 'combat', 'floorTen'].includes(dive))));
            s.take(w);
            const buffs = readBuffs(database);
            writeSetting(w, database, 'channel-buffs', { ...buffs, [String(args.id)]: [...(buffs[String(args.id)] ?? []), { name: s.item.name, details: s.item.entry?.details ?? '' }] });
            break;
          }
          case 'merge': {
            const s = source(database, args.id, args.from);
            const hostRow = slotItem(database, args.id, args.host);
            if (!hostRow) throw new CommandFailure('refused', 'There is no item in that slot to merge into. Nothing changed.');
            if ('slot' in args.from && args.from.slot === args.host) throw new CommandFailure('refused', 'A gem cannot merge into itself. Nothing changed.');
            const host: LootItem = { name: hostRow.name, colour: hostRow.colour, notes: hostRow.notes, entry: entryFor(database, hostRow.name) };
            notes.push(check(canMerge(s.item, host)));
            s.take(w);
            w.update('item', hostRow.id, merged(host, s.item));
            break;
          }
          case 'component': {
            const s = source(database, args.id, args.from);
            const v = componentChoice(s.item, args.choice);
            notes.push(check(v));
            if (!s.row) throw new CommandFailure('refused', 'Equip the component first: its choice is written on the item (ch.13). Nothing changed.');
            w.update('item', s.row.id, { notes: `${s.row.notes ? `${s.row.notes}\n` : ''}Component choice: ${args.choice === 'all-at-once' ? `all ${v.times} at once` : `singly, up to ${v.times} times`} (day ${day})` });
            break;
          }
          case 'hold': {
            const stack = stacks(database, args.id)[args.stack];
            if (!stack) throw new CommandFailure('refused', `There is no inventory stack ${args.stack + 1}. Nothing changed.`);
            if (slotItem(database, args.id, args.slot)) throw new CommandFailure('refused', 'That slot is taken: unequip its item first. Nothing changed.');
            takesTheTurn(w, database, args.id, 'Equipping', notes);
            const entry = entryFor(database, stack.name);
            if (stack.count > 1) w.update('inventory', stack.id, { count: stack.count - 1 });
            else w.delete('inventory', stack.id);
            w.insert('item', { lichslayer_id: args.id, slot: args.slot, name: stack.name, colour: entry?.fields.colour ?? 'Colourless', broken: 0, notes: entry?.details ?? '' });
            notes.push(`${l.name} holds ${stack.name}: its passives and colour count now (ch.13)`);
            break;
          }
          case 'unequip': {
            const item = slotItem(database, args.id, args.slot);
            if (!item) throw new CommandFailure('refused', 'Nothing is in that slot. Nothing changed.');
            takesTheTurn(w, database, args.id, 'Unequipping', notes);
            addToInventory(w, database, args.id, item.name);
            w.delete('item', item.id);
            notes.push(`${l.name} puts ${item.name} away`);
            break;
          }
        }
        return { day, notes };
      }),
  };
}
