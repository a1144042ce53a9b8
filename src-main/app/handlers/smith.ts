// smith.*: the Smith (rulebook ch.4): the disposition rolled once and moved only by Drift, Armor and
// broken items repaired, an item recoloured with a Stone, at prices by colour — for each Lichslayer
// as the Idols leave it (ch.6); closed by the Lich's Attention (ch.5).
import type { Colour } from '@shared/gauntlet.ts';
import { readHouseRules } from '../../state/settings.ts';
import { readTown, today, writeTown } from '../../state/town.ts';
import {
  armorPriceColour,
  armorRepair,
  brokenItemRepair,
  drift,
  recolour,
  recolourAllowed,
  smithPrice,
} from '../../rules/smith.ts';
import { townView } from '../../views/town-view.ts';
import { requireLichslayer as person } from '../../state/lichslayer.ts';
import { ensureSmith, pay, smithFor, smithOpen } from '../../play/town.ts';
import { townAct } from './town-act.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { itemInSlot } from '../../state/gauntlet.ts';
import { addToInventory, stacksOf, storedState } from '../../state/inventory.ts';
import { lootEntries } from '../../state/loot-lookup.ts';
import { stateToHold } from '../../rules/loot-fate.ts';
import { CommandFailure } from '../../state/failures.ts';

export function smithHandlers(ctx: HandlerContext): HandlersOf<'smith'> {
  return {
    'smith.roll': () =>
      ctx.transact('smith.roll', {}, "The Smith's disposition", (ps) => {
        const state = readTown(ps);
        if (state.smith)
          throw new CommandFailure(
            'refused',
            "The Smith's disposition is set for the campaign; only Drift changes it (ch.4). Nothing changed.",
          );
        writeTown(ps, ensureSmith(ps, state));
        return townView(ps);
      }),
    'smith.drift': townAct(
      ctx,
      'smith.drift',
      (a: { colour: Colour; toward: 'favour' | 'distrust' }) => `Smith: Drift ${a.colour} toward ${a.toward}`,
      (_ps, state, a) => {
        if (!state.smith)
          throw new CommandFailure('refused', "Roll the Smith's disposition first (ch.4). Nothing changed.");
        const d = drift(state.smith, a.colour, a.toward);
        return { ...state, smith: { ...state.smith, drift: d.drift } };
      },
    ),
    'smith.repairArmor': townAct(
      ctx,
      'smith.repairArmor',
      (a: { id: number; points: number }) => `Smith: ${a.points} Armor`,
      (ps, state, a) => {
        const p = person(ps, a.id);
        smithOpen(ps, state, p);
        const r = armorRepair(p.armor, p.max_armor, a.points);
        if (r.points === 0)
          throw new CommandFailure(
            'refused',
            `${p.name}'s Armor is at its maximum: it cannot be repaired above it (ch.4). Nothing changed.`,
          );
        const colourOf = (slot: string) => itemInSlot(ps, a.id, slot)?.colour ?? null;
        const rules = readHouseRules(ps);
        const { colour } = armorPriceColour(
          { gear: colourOf('gear'), garment: colourOf('garment') },
          rules.smithArmorColour,
        );
        pay(ps, p, smithPrice(r.cost, colour, smithFor(ps, state, p.id), rules).value, `Repairing ${r.points} Armor`);
        ps.update('lichslayer', a.id, { armor: p.armor + r.points });
        return state;
      },
    ),
    'smith.repairItem': townAct(
      ctx,
      'smith.repairItem',
      (a: { id: number; slot?: string | undefined; stack?: number | undefined; sellValue: number }) =>
        `Smith: repair ${a.slot ?? `inventory stack ${(a.stack ?? 0) + 1}`}`,
      (ps, state, a) => {
        const p = person(ps, a.id);
        smithOpen(ps, state, p);
        if ((a.slot === undefined) === (a.stack === undefined))
          throw new CommandFailure('refused', 'Name the slot or the inventory stack to repair. Nothing changed.');
        const rules = readHouseRules(ps);
        const price = (colour: Colour) =>
          smithPrice(brokenItemRepair(a.sellValue, rules), colour, smithFor(ps, state, p.id), rules).value;
        if (a.slot !== undefined) {
          const item = itemInSlot(ps, a.id, a.slot);
          if (!item?.broken) throw new CommandFailure('refused', 'That slot holds no broken item. Nothing changed.');
          pay(ps, p, price(item.colour), 'The repair');
          ps.update('item', item.id, { broken: 0 });
          return state;
        }
        // ch.11: a broken item left its slot for the inventory; one of the stack is repaired there.
        const stack = stacksOf(ps, a.id)[a.stack!];
        if (!stack?.broken)
          throw new CommandFailure('refused', 'That inventory stack holds no broken item. Nothing changed.');
        const held = stateToHold(storedState(stack), lootEntries(ps).entry(stack.name));
        pay(ps, p, price(held.colour), 'The repair');
        if (stack.count === 1) ps.update('inventory', stack.id, { broken: 0 });
        else {
          ps.update('inventory', stack.id, { count: stack.count - 1 });
          addToInventory(ps, a.id, stack.name, 1, { ...storedState(stack), broken: false });
        }
        return state;
      },
    ),
    'smith.recolour': townAct(
      ctx,
      'smith.recolour',
      (a: { id: number; slot: string; colour: Colour }) => `Smith: recolour ${a.slot} ${a.colour}`,
      (ps, state, a) => {
        const p = person(ps, a.id);
        smithOpen(ps, state, p);
        const day = today(ps);
        const rules = readHouseRules(ps);
        const allowed = recolourAllowed(
          { lichslayerId: p.id, day, recolouredOn: state.recolouredOn },
          rules.recolourLimit,
        );
        if (!allowed.ok) throw new CommandFailure('refused', `${allowed.reason}. Nothing changed.`);
        const item = itemInSlot(ps, a.id, a.slot);
        if (!item) throw new CommandFailure('refused', 'That slot is empty. Nothing changed.');
        const r = recolour(item.colour, a.colour);
        if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
        const stone = ps
          .all('inventory')
          .find((st) => st.lichslayer_id === a.id && st.name.toLowerCase() === r.stone.toLowerCase());
        if (!stone)
          throw new CommandFailure(
            'refused',
            `Recolouring to ${a.colour} needs a ${r.stone} in the inventory (ch.4). Nothing changed.`,
          );
        pay(ps, p, smithPrice(r.cost, a.colour, smithFor(ps, state, p.id), rules).value, 'Recolouring');
        // ch.4, ch.17: the Stone is consumed, one from its stack.
        if (stone.count > 1) ps.update('inventory', stone.id, { count: stone.count - 1 });
        else ps.delete('inventory', stone.id);
        ps.update('item', item.id, { colour: a.colour });
        return { ...state, recolouredOn: { ...state.recolouredOn, [String(a.id)]: day } };
      },
    ),
  };
}
