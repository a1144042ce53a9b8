// A Retainer hired (ch.2, ch.7): by an Aristocrat within their level's limit, a token on the turn
// stack right after them, an Exceptional one with a loot item rolled on the Tomb Loot Table.
import { joinTurnStack, nextPlacement } from '../state/board.ts';
import { today } from '../state/town.ts';
import { hireCheck, RETAINER_GRADES } from '../rules/retainers.ts';
import { requireLichslayer as person } from '../state/lichslayer.ts';
import { rollOnTable } from '../tables/table-roll.ts';
import { lootRef } from '../rules/loot-entry.ts';
import { CommandFailure } from '../state/failures.ts';
import { placeRetainers } from './floor-entry.ts';
import type { TownState } from '@shared/town.ts';
import type { PlaySession } from '../state/session.ts';

export function hireRetainer(
  ps: PlaySession,
  state: TownState,
  a: { employer: number; name: string; grade: 'common' | 'skilled' | 'exceptional' },
): TownState {
  const boss = person(ps, a.employer);
  const check = hireCheck({
    name: boss.name,
    className: boss.hidden_class,
    level: boss.level,
    employed: state.retainers.filter((r) => r.employer === boss.id).length,
  });
  if (!check.ok) throw new CommandFailure('refused', `${check.reason}. Nothing changed.`);
  // ch.2 (the Aristocrat's Retainers): a Retainer enters the turn stack at the Aristocrat's initiative and goes down with the party.
  const g = RETAINER_GRADES[a.grade];
  const tokenId = ps.insert('token', {
    kind: 'retainer',
    name: a.name,
    colour: 'Colourless',
    health: g.health,
    max_health: g.health,
    armor: g.armor,
    stats: JSON.stringify({ speed: 6, attack: g.attackDice ? `+${g.attackDice}d6` : '+0' }),
    placed_at: nextPlacement(ps),
  });
  joinTurnStack(ps, tokenId);
  // ch.7: an Exceptional Retainer comes with one loot item, rolled on the Tomb Loot Table.
  const loot = g.loot
    ? ps.roll('retainer.hire', ({ dice, tables, drawn }) => {
        if (!tables.has('loot')) return { value: null, records: [] };
        const node = rollOnTable({ dice, tables, drawn, cause: `${a.name}'s loot item (ch.7)` }, 'loot');
        const rowId = node.row === null ? undefined : tables.get('loot')!.rows[node.row]?.id;
        return {
          value: { label: node.label, ref: rowId === undefined ? null : lootRef('loot', rowId) },
          records: [
            {
              cause: `${a.name}'s loot item, an Exceptional Retainer (ch.7)`,
              table: 'loot',
              explain: node.explain,
              result: node,
            },
          ],
        };
      })
    : null;
  const retainers = [
    ...state.retainers,
    {
      id: state.nextId,
      name: a.name,
      grade: a.grade,
      loyalty: 'standard' as const,
      employer: boss.id,
      hiredDay: today(ps),
      double: false,
      tokenId,
      loot: loot?.label ?? null,
      lootRef: loot?.ref ?? null,
      holidayOn: null,
    },
  ];
  placeRetainers(ps, retainers);
  return { ...state, retainers, nextId: state.nextId + 1 };
}
