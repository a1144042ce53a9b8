// lichslayer.*: the roster and each Crystal Gauntlet — adding, editing, rolling up by the book
// (ch.1), stat points, gold found, levels and enemies felled (ch.1, ch.2), items and inventory.
import type { PlayReader } from '../../state/session.ts';
import { readHouseRules } from '../../state/settings.ts';
import { today } from '../../state/town.ts';
import { levelForXp, STAT_POINT_EFFECT, XP_PER_ENEMY } from '../../rules/character.ts';
import { inventoryDepth } from '../../rules/gauntlet-derived.ts';
import { startingGauntlet } from '../../rules/starting-stats.ts';
import { ownStackMax } from '../../state/inventory.ts';
import { stackMaxOf } from '../../rules/inventory.ts';
import { CommandFailure } from '../../state/failures.ts';
import { addXp, gainGold } from '../../play/growth.ts';
import { nextPosition, editedLichslayer } from '../../play/roster-edits.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { rollUpLichslayer } from '../../play/character-creation.ts';
import { requireLichslayer as row } from '../../state/lichslayer.ts';
import { allTokens } from '../../state/board.ts';
import { fellEntity } from '../../play/fight.ts';
import { slotAccepts } from '../../rules/gauntlet-slots.ts';
import { slotPlanOf } from '../../state/gauntlet.ts';
import { lootEntries } from '../../state/loot-lookup.ts';

export function lichslayerHandlers(ctx: HandlerContext): HandlersOf<'lichslayer'> {
  /** An edit of the roster: one undoable step, answered with the Judge's view. */
  const edit = (
    command: Parameters<HandlerContext['transact']>[0],
    args: unknown,
    label: string,
    change: Parameters<HandlerContext['transact']>[3],
  ) => {
    ctx.transact(command, args, label, change);
    return ctx.view();
  };
  const notes = (ps: PlayReader, lines: string[]) => ({ day: today(ps), notes: lines });

  return {
    'lichslayer.create': (args) =>
      edit('lichslayer.create', args, `Add ${args.name}`, (ps) => {
        const start = startingGauntlet(readHouseRules(ps));
        ps.insert('lichslayer', {
          position: nextPosition(ps),
          name: args.name,
          level: start.level,
          health: start.health,
          max_health: start.maxHealth,
          armor: start.armor,
          max_armor: start.maxArmor,
          power: start.power,
          speed: start.speed,
          sanity: start.sanity,
          gold: start.gold,
        });
      }),

    'lichslayer.update': (args) => {
      const edited = editedLichslayer(ctx.state(), args);
      // Only real changes count: a no-op edit must not become an undo step.
      if (!edited) return ctx.view();
      return edit('lichslayer.update', args, edited.label, (ps) => ps.update('lichslayer', args.id, edited.patch));
    },

    'lichslayer.delete': (args) => {
      const l = row(ctx.state(), args.id);
      return edit('lichslayer.delete', args, `Remove ${l.name}`, (ps) => {
        for (const table of ['item', 'inventory'] as const)
          for (const { id } of ps.all(table).filter((r) => r.lichslayer_id === args.id)) ps.delete(table, id);
        ps.delete('lichslayer', args.id);
      });
    },

    'lichslayer.setItem': (args) => {
      const ps = ctx.state();
      const l = row(ps, args.id);
      const existing = ps.all('item').find((i) => i.lichslayer_id === args.id && i.slot === args.slot);
      const label = args.item ? `${l.name}: ${args.item.name} in ${args.slot}` : `${l.name}: clear ${args.slot}`;
      if (args.item) {
        // ch.2: only the slots the skills open, and only Flora in a Medicine Slot.
        const fits = slotAccepts(slotPlanOf(ps, l), args.slot, {
          name: args.item.name,
          flora: lootEntries(ps).isFlora(args.item.name),
        });
        if (!fits.ok) throw new CommandFailure('refused', `${fits.reason}. Nothing was saved.`);
      }
      return edit('lichslayer.setItem', args, label, (ps) => {
        const values = args.item
          ? { name: args.item.name, colour: args.item.colour, broken: args.item.broken ? 1 : 0, notes: args.item.notes }
          : null;
        if (existing && values) ps.update('item', existing.id, values);
        else if (existing) ps.delete('item', existing.id);
        else if (values) ps.insert('item', { lichslayer_id: args.id, slot: args.slot, ...values });
      });
    },

    'lichslayer.setInventory': (args) => {
      const ps = ctx.state();
      const l = row(ps, args.id);
      const depth = inventoryDepth(l.max_health).value;
      if (args.stacks.length > depth) {
        throw new CommandFailure(
          'invalid-args',
          `${l.name}'s inventory holds ${depth} stacks (1 + max Health ÷ 6, ch.4); ${args.stacks.length} were given. Nothing was saved.`,
        );
      }
      // ch.4: a stack holds fewer than six where the item's own maximum is lower (ch.17: Sapphire, Emerald ×3).
      const over = args.stacks.find((s) => s.count > stackMaxOf(ownStackMax(ps, s.name)));
      if (over)
        throw new CommandFailure(
          'invalid-args',
          `A stack of ${over.name} holds at most ${stackMaxOf(ownStackMax(ps, over.name))} (its own maximum, ch.4); ${over.count} were given. Nothing was saved.`,
        );
      return edit('lichslayer.setInventory', args, `${l.name}: inventory`, (ps) => {
        const before = ps.all('inventory').filter((r) => r.lichslayer_id === args.id);
        for (const { id } of before) ps.delete('inventory', id);
        // A stack kept under its name keeps the loot row it came from, even if the row was renamed (ch.13).
        const keptRef = (name: string) => before.find((r) => r.name === name)?.loot_ref ?? undefined;
        // A stack keeps the state its items were put away in (ch.13).
        args.stacks.forEach((s, position) =>
          ps.insert('inventory', {
            lichslayer_id: args.id,
            loot_ref: keptRef(s.name),
            position,
            name: s.name,
            count: s.count,
            colour: s.colour ?? null,
            broken: s.broken ? 1 : 0,
            notes: s.notes ?? '',
          }),
        );
      });
    },

    'lichslayer.roll': (args) =>
      ctx.transact('lichslayer.roll', args, `Roll up ${args.name}`, (ps) => rollUpLichslayer(ps, args)),

    'lichslayer.spendPoint': (args) =>
      ctx.transact('lichslayer.spendPoint', args, `Stat point: ${args.stat}`, (ps) => {
        const l = row(ps, args.id);
        if (l.stat_points < 1)
          throw new CommandFailure('refused', `${l.name} has no stat points to spend. Nothing changed.`);
        const effect = STAT_POINT_EFFECT[args.stat];
        const column = (
          {
            power: 'power',
            speed: 'speed',
            maxHealth: 'max_health',
            maxArmor: 'max_armor',
            magicBonus: 'magic_bonus',
          } as const
        )[effect.field];
        const patch: Record<string, unknown> = { stat_points: l.stat_points - 1, [column]: l[column] + effect.amount };
        // A point of Health raises the maximum and the current alike; so does Armor (RULINGS).
        if (effect.field === 'maxHealth') patch.health = l.health + effect.amount;
        if (effect.field === 'maxArmor') patch.armor = l.armor + effect.amount;
        ps.update('lichslayer', args.id, patch);
        return notes(ps, [`${l.name}: +${effect.amount} ${args.stat}`]);
      }),

    'lichslayer.levelUp': (args) =>
      ctx.transact('lichslayer.levelUp', args, 'Level up', (ps) => {
        const l = row(ps, args.id);
        const due = levelForXp(l.xp, readHouseRules(ps));
        if (due.value <= l.level)
          throw new CommandFailure(
            'refused',
            `${l.name} has ${l.xp} XP: ${due.explain}, and is already level ${l.level}. Nothing changed.`,
          );
        const lines: string[] = [];
        addXp(ps, l.id, 0, lines);
        return notes(ps, lines);
      }),

    'lichslayer.felled': (args) =>
      ctx.transact('lichslayer.felled', args, 'Enemy felled', (ps) => {
        const l = row(ps, args.id);
        const lines: string[] = [];
        if (args.tokenId) {
          const t = allTokens(ps).find((k) => k.id === args.tokenId);
          if (!t || t.kind !== 'entity')
            throw new CommandFailure(
              'refused',
              'Only an entity on the board is felled for XP (ch.1). Nothing changed.',
            );
          if (t.defeated) throw new CommandFailure('refused', `${t.name} is already defeated. Nothing changed.`);
          fellEntity(ps, t, l.id, lines);
          return notes(ps, lines);
        }
        lines.push(`${l.name} fells an enemy: +${XP_PER_ENEMY} XP (ch.1)`);
        addXp(ps, l.id, XP_PER_ENEMY, lines, 'enemy');
        return notes(ps, lines);
      }),

    'lichslayer.gainGold': (args) =>
      ctx.transact('lichslayer.gainGold', args, `Gold found: ${args.amount}`, (ps) => {
        const lines: string[] = [];
        gainGold(ps, args.id, args.amount, lines);
        return notes(ps, lines);
      }),
  };
}
