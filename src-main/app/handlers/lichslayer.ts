// lichslayer.*: the roster and each Crystal Gauntlet — adding, editing, rolling up by the book
// (ch.1), stat points, gold found, levels and enemies felled (ch.1, ch.2), items and inventory.
import type { PlayReader, RollRecord } from '../../state/session.ts';
import type { LichslayerPatch } from '@shared/gauntlet.ts';
import { readHouseRules } from '../../state/settings.ts';
import { today } from '../../state/town.ts';
import { levelForXp, rollClass, rollStatPoints, STAT_POINT_EFFECT, XP_PER_ENEMY } from '../../rules/character.ts';
import { inventoryDepth } from '../../rules/gauntlet-derived.ts';
import { rollStartingLoot } from '../../rules/loot-roll.ts';
import { startingGauntlet } from '../../rules/starting-stats.ts';
import { ownStackMax } from '../../state/inventory.ts';
import { stackMaxOf } from '../../rules/inventory.ts';
import { CommandFailure } from '../../state/failures.ts';
import { addXp, editedGrowthColumns, gainGold } from '../../play/growth.ts';
import { skillGrantColumns } from '../../play/skills/skill-facts.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { requireLichslayer as row } from '../../state/lichslayer.ts';
import { allTokens } from '../../state/board.ts';
import { fellEntity } from '../../play/fight.ts';
import { entryAt } from '../../tables/table-entries.ts';
import { slotAccepts } from '../../rules/gauntlet-slots.ts';
import { slotPlanOf } from '../../state/gauntlet.ts';
import { lootEntries } from '../../state/loot-lookup.ts';

const PATCH_COLUMNS: Record<keyof LichslayerPatch, string> = {
  name: 'name',
  level: 'level',
  health: 'health',
  maxHealth: 'max_health',
  armor: 'armor',
  maxArmor: 'max_armor',
  power: 'power',
  speed: 'speed',
  sanity: 'sanity',
  gold: 'gold',
  xp: 'xp',
  hiddenClass: 'hidden_class',
  skill1: 'skill1',
  skill2: 'skill2',
  skill3: 'skill3',
  capstone: 'capstone',
  notes: 'notes',
};

const nextPosition = (ps: PlayReader) => Math.max(-1, ...ps.all('lichslayer').map((l) => l.position)) + 1;

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
      const ps = ctx.state();
      const current = row(ps, args.id) as unknown as Record<string, unknown>;
      const patch: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args.patch) as [keyof LichslayerPatch, unknown][]) {
        const column = PATCH_COLUMNS[key];
        // Only real changes count: a no-op edit must not become an undo step.
        if (value !== undefined && current[column] !== value) patch[column] = value;
      }
      if (Object.keys(patch).length === 0) return ctx.view();
      // A level raised or a class set by hand brings what the rules give with it (ch.1, ch.2).
      if (
        (patch.level !== undefined && Number(patch.level) > Number(current.level)) ||
        patch.hidden_class !== undefined
      ) {
        const growth = editedGrowthColumns(row(ps, args.id), {
          level: patch.level as number | undefined,
          hiddenClass: patch.hidden_class as string | null | undefined,
        });
        for (const [k, v] of Object.entries(growth)) if (!(k in patch)) patch[k] = v;
      }
      // ch.2: a skill that changes the Gauntlet's numbers (Rumble Hat) brings them with it.
      Object.assign(patch, skillGrantColumns(row(ps, args.id), patch));
      const merged = { ...current, ...patch } as {
        health: number;
        max_health: number;
        armor: number;
        max_armor: number;
        name: string;
      };
      if (merged.health > merged.max_health) {
        throw new CommandFailure(
          'invalid-args',
          `Health (${merged.health}) cannot be above maximum Health (${merged.max_health}). Nothing was saved.`,
        );
      }
      if (merged.armor > merged.max_armor) {
        throw new CommandFailure(
          'invalid-args',
          `Armor (${merged.armor}) cannot be above maximum Armor (${merged.max_armor}). Nothing was saved.`,
        );
      }
      const fields = (Object.keys(args.patch) as (keyof LichslayerPatch)[])
        .filter((k) => PATCH_COLUMNS[k] in patch)
        .join(', ');
      return edit('lichslayer.update', args, `Edit ${merged.name}: ${fields}`, (ps) =>
        ps.update('lichslayer', args.id, patch),
      );
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
        for (const { id } of ps.all('inventory').filter((r) => r.lichslayer_id === args.id)) ps.delete('inventory', id);
        // A stack keeps the state its items were put away in (ch.13).
        args.stacks.forEach((s, position) =>
          ps.insert('inventory', {
            lichslayer_id: args.id,
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
      ctx.transact('lichslayer.roll', args, `Roll up ${args.name}`, (ps) => {
        const rules = readHouseRules(ps);
        const start = startingGauntlet(rules);
        const cause = `Creation of ${args.name}`;
        // ch.1: starting loot three times (1d100 − 40, influence allowed), stat points 6 × 1d6, class on d8.
        const rolled = ps.roll('lichslayer.roll', ({ dice, tables }) => {
          const influence = args.influence.map((sides, i) =>
            sides ? [{ source: `influence die ${i + 1}`, sides }] : [],
          );
          const loot = rollStartingLoot(dice, influence, `${cause}: starting loot`);
          const items = loot.map((l) => {
            const entry = entryAt(tables, 'loot', l.value);
            return {
              value: l.value,
              name: entry?.label ?? `Loot ${l.value}`,
              colour: entry?.loot?.colour ?? 'Colourless',
              notes: entry?.details ?? '',
            };
          });
          const points = rollStatPoints(dice, rules, `${cause}: stat points`);
          const cls = rollClass(dice, rules, `${cause}: class (hidden)`);
          const records: RollRecord[] = [
            ...loot.map((l, i) => ({
              cause: `${cause}: starting loot ${i + 1}`,
              character: args.name,
              table: 'loot',
              explain: `${l.explain}: ${items[i]!.name}`,
              result: l,
            })),
            { cause: `${cause}: stat points`, character: args.name, explain: points.explain, result: points },
            { cause: `${cause}: class (hidden)`, character: args.name, explain: cls.explain, result: cls },
          ];
          return { value: { items, points, cls }, records };
        });
        const stats = {
          power: start.power,
          speed: start.speed,
          maxHealth: start.maxHealth,
          maxArmor: start.maxArmor,
          magicBonus: 0,
        };
        let choice = 0;
        for (const p of rolled.points.points) {
          if (p === 'choice') choice++;
          else stats[STAT_POINT_EFFECT[p].field] += STAT_POINT_EFFECT[p].amount;
        }
        const id = ps.insert('lichslayer', {
          position: nextPosition(ps),
          name: args.name,
          level: 1,
          health: stats.maxHealth,
          max_health: stats.maxHealth,
          armor: stats.maxArmor,
          max_armor: stats.maxArmor,
          power: stats.power,
          speed: stats.speed,
          sanity: start.sanity,
          gold: start.gold,
          hidden_class: rolled.cls.className,
          magic_bonus: stats.magicBonus,
          stat_points: choice,
        });
        (['loot1', 'loot2', 'loot3'] as const).forEach((slot, i) => {
          const item = rolled.items[i]!;
          ps.insert('item', {
            lichslayer_id: id,
            slot,
            name: item.name,
            colour: item.colour,
            broken: 0,
            notes: item.notes,
          });
        });
        return {
          id,
          loot: rolled.items.map((i) => ({ value: i.value, name: i.name, colour: i.colour })),
          points: rolled.points.points,
          pointsExplain: rolled.points.explain.replace(/ \(ch\.4\)$/, ''),
          toChoose: choice,
        };
      }),

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
