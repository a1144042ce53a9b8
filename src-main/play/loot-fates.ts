// Loot's five fates (rulebook ch.13) and its Inscribe action as commands, each checking its
// rule against the item's loot-table entry and applying it in one undoable step; and a Vestment
// found in a Room (ch.15). Items keep their state as they move between slot and inventory;
// equipping and unequipping take the holder's turn in a fight; channelled buffs last until the dive ends.
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { ItemSlot } from '@shared/gauntlet.ts';
import { readHouseRules } from '../state/settings.ts';
import { addChannelBuff } from '../state/channel-buffs.ts';
import {
  canChannel,
  canConsume,
  canInscribe,
  canMerge,
  choiceLine,
  componentChoice,
  inscriptionLine,
  merged,
  stateToHold,
  stateToStore,
  type FateVerdict,
  type LootItem,
} from '../rules/loot-fate.ts';
import { slotAccepts, slotLabel } from '../rules/gauntlet-slots.ts';
import { findVestment, vestmentsHeld } from '../rules/vestments.ts';
import { CommandFailure } from '../state/failures.ts';
import { requireLichslayer } from '../state/lichslayer.ts';
import { today } from '../state/town.ts';
import { addToInventory, stacksOf, storedState, takeFromStack } from '../state/inventory.ts';
import { lootEntries } from '../state/loot-lookup.ts';
import { itemRowsOf, slotPlanOf, type ItemRow } from '../state/gauntlet.ts';
import { addSpellInscription, inscriptionsOn } from '../state/spell-inscriptions.ts';
import { endTurn } from './dive-events.ts';
import { combatActor, diveActor, stored } from './machines.ts';
import { allTokens } from '../state/board.ts';
import { findSpell } from './casting.ts';

export type LootFateArgs = ParsedArgsOf<'loot.fate'>;

const slotItem = (ps: PlayReader, id: number, slot: ItemSlot) => itemRowsOf(ps, id).find((i) => i.slot === slot);

/** The item a fate acts on, wherever it sits, in the state it is in, and how to take one of it away. */
function source(ps: PlaySession, id: number, from: { slot: ItemSlot } | { stack: number }) {
  const lookup = lootEntries(ps);
  if ('slot' in from) {
    const item = slotItem(ps, id, from.slot);
    if (!item) throw new CommandFailure('refused', `Nothing is in that slot. Nothing changed.`);
    return {
      item: {
        name: item.name,
        colour: item.colour,
        notes: item.notes,
        entry: lookup.entry(item.name, item.loot_ref),
      } satisfies LootItem,
      take: (ps: PlaySession) => ps.delete('item', item.id),
      row: item as ItemRow | null,
    };
  }
  const stack = stacksOf(ps, id)[from.stack];
  if (!stack) throw new CommandFailure('refused', `There is no inventory stack ${from.stack + 1}. Nothing changed.`);
  const entry = lookup.entry(stack.name, stack.loot_ref);
  const state = stateToHold(storedState(stack), entry);
  const item: LootItem = { name: stack.name, colour: state.colour, notes: state.notes, entry };
  return { item, take: (ps: PlaySession) => takeFromStack(ps, stack), row: null };
}

const check = (v: FateVerdict): string => {
  if (!v.ok) throw new CommandFailure('refused', `${v.reason}. Nothing changed.`);
  return v.explain;
};

/** ch.11, ch.13: in a fight, equipping or unequipping is the Lichslayer's turn. */
function takesTheTurn(ps: PlaySession, id: number, what: string, notes: string[]): void {
  if (!stored(ps, 'machine:combat')) return;
  const current = combatActor(ps).getSnapshot().context.current;
  const token = allTokens(ps).find((t) => t.lichslayerId === id);
  const onStack =
    token &&
    combatActor(ps)
      .getSnapshot()
      .context.order.some((s) => s.tokenId === token.id);
  if (!onStack) return;
  if (current !== token.id)
    throw new CommandFailure(
      'refused',
      `${what} takes a turn in a fight: wait for ${token.name}'s turn (ch.11). Nothing changed.`,
    );
  endTurn(ps, notes);
}

/** One of loot's fates applied to an item (ch.13), in one undoable step; what happened, for the Gauntlet. */
export function lootFate(ps: PlaySession, args: LootFateArgs): { day: number; notes: string[] } {
  const l = requireLichslayer(ps, args.id);
  const notes: string[] = [];
  const day = today(ps);
  switch (args.fate) {
    case 'consume': {
      const s = source(ps, args.id, args.from);
      notes.push(check(canConsume(s.item)) + (s.item.entry?.details ? ` — ${s.item.entry.details}` : ''));
      s.take(ps);
      break;
    }
    case 'channel': {
      const s = source(ps, args.id, args.from);
      const dive = String(diveActor(ps).getSnapshot().value);
      notes.push(
        check(
          canChannel(s.item, ['exploring', 'combat', 'floorTen'].includes(dive), readHouseRules(ps).channelOutsideDive),
        ),
      );
      s.take(ps);
      addChannelBuff(ps, args.id, { name: s.item.name, details: s.item.entry?.details ?? '' });
      break;
    }
    case 'merge': {
      const s = source(ps, args.id, args.from);
      const hostRow = slotItem(ps, args.id, args.host);
      if (!hostRow)
        throw new CommandFailure('refused', 'There is no item in that slot to merge into. Nothing changed.');
      if ('slot' in args.from && args.from.slot === args.host)
        throw new CommandFailure('refused', 'A gem cannot merge into itself. Nothing changed.');
      const host: LootItem = {
        name: hostRow.name,
        colour: hostRow.colour,
        notes: hostRow.notes,
        entry: lootEntries(ps).entry(hostRow.name, hostRow.loot_ref),
      };
      notes.push(check(canMerge(s.item, host)));
      s.take(ps);
      ps.update('item', hostRow.id, merged(host, s.item));
      break;
    }
    case 'component': {
      const s = source(ps, args.id, args.from);
      const v = componentChoice(s.item, args.choice);
      notes.push(check(v));
      if (!s.row)
        throw new CommandFailure(
          'refused',
          'Equip the component first: its choice is written on the item (ch.13). Nothing changed.',
        );
      ps.update('item', s.row.id, {
        notes: `${s.row.notes ? `${s.row.notes}\n` : ''}${choiceLine(args.choice, v.times ?? 1, day)}`,
      });
      break;
    }
    case 'inscribe': {
      const s = source(ps, args.id, args.from);
      if ('slot' in args.target) {
        const target = slotItem(ps, args.id, args.target.slot);
        if (!target) throw new CommandFailure('refused', 'There is no item in that slot to inscribe. Nothing changed.');
        if ('slot' in args.from && args.from.slot === args.target.slot)
          throw new CommandFailure('refused', 'An item cannot inscribe itself (ch.13). Nothing changed.');
        notes.push(check(canInscribe(s.item, { name: target.name, notes: target.notes, kind: 'item' })));
        ps.update('item', target.id, {
          notes: `${target.notes ? `${target.notes}\n` : ''}${inscriptionLine(s.item)}`,
        });
      } else {
        const spell = findSpell(ps, args.target.spell.table, args.target.spell.row);
        const on = inscriptionsOn(ps, args.id, {
          table: spell.table.key,
          row: spell.row,
          label: spell.label,
        });
        notes.push(
          check(canInscribe(s.item, { name: spell.label, notes: on.map((i) => i.line).join('\n'), kind: 'spell' })),
        );
        addSpellInscription(ps, args.id, {
          table: spell.table.key,
          row: spell.row,
          label: spell.label,
          line: inscriptionLine(s.item),
        });
      }
      break;
    }
    case 'hold': {
      const stack = stacksOf(ps, args.id)[args.stack];
      if (!stack)
        throw new CommandFailure('refused', `There is no inventory stack ${args.stack + 1}. Nothing changed.`);
      const lookup = lootEntries(ps);
      const fits = slotAccepts(slotPlanOf(ps, l), args.slot, {
        name: stack.name,
        flora: lookup.isFlora(stack.name),
      });
      if (!fits.ok) throw new CommandFailure('refused', `${fits.reason}. Nothing changed.`);
      if (slotItem(ps, args.id, args.slot))
        throw new CommandFailure('refused', 'That slot is taken: unequip its item first. Nothing changed.');
      takesTheTurn(ps, args.id, 'Equipping', notes);
      // The item comes back exactly as it was put away (ch.11, ch.13).
      const state = stateToHold(storedState(stack), lookup.entry(stack.name, stack.loot_ref));
      takeFromStack(ps, stack);
      ps.insert('item', {
        lichslayer_id: args.id,
        slot: args.slot,
        // It stays tied to the loot row it came from, whatever the row is called now (ch.13).
        loot_ref: stack.loot_ref ?? undefined,
        name: stack.name,
        colour: state.colour,
        broken: state.broken ? 1 : 0,
        notes: state.notes,
      });
      notes.push(
        `${l.name} holds ${stack.name} in ${slotLabel(args.slot)}: ${state.broken ? 'broken, it confers nothing until the Smith repairs it (ch.11)' : 'its passives and colour count now (ch.13)'}`,
      );
      break;
    }
    case 'unequip': {
      const item = slotItem(ps, args.id, args.slot);
      if (!item) throw new CommandFailure('refused', 'Nothing is in that slot. Nothing changed.');
      takesTheTurn(ps, args.id, 'Unequipping', notes);
      const entry = lootEntries(ps).entry(item.name, item.loot_ref);
      addToInventory(
        ps,
        args.id,
        item.name,
        1,
        stateToStore({ colour: item.colour, broken: item.broken === 1, notes: item.notes }, entry),
        { lootRef: item.loot_ref },
      );
      ps.delete('item', item.id);
      notes.push(`${l.name} puts ${item.name} away, as it is`);
      break;
    }
  }
  return { day, notes };
}

/** A Vestment found in a Room (ch.15): rolled among those the party does not hold, into the inventory. */
export function vestmentFound(ps: PlaySession, args: ParsedArgsOf<'loot.vestment'>): { day: number; notes: string[] } {
  const l = requireLichslayer(ps, args.id);
  // Everything the party wears or carries: a Vestment it holds is rolled again (ch.15).
  const carried = [...ps.all('item').map((r) => r.name), ...ps.all('inventory').map((r) => r.name)];
  const held = vestmentsHeld(carried);
  const cause = `${l.name} finds an Unbound Vestment`;
  const found = ps.roll('loot.vestment', ({ dice }) => {
    const r = findVestment(dice, held, cause);
    return {
      value: r,
      records: r.rolls.length ? [{ cause, character: l.name, explain: r.explain, result: r }] : [],
    };
  });
  if (!found.vestment) throw new CommandFailure('refused', `${found.explain}. Nothing changed.`);
  addToInventory(ps, l.id, found.vestment);
  return {
    day: today(ps),
    notes: [`${l.name} finds ${found.vestment}: ${found.explain}; it goes into the inventory`],
  };
}
