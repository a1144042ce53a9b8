// The Judge's board view turned into what the canvas draws: each room's title, line of facts and
// marks, and each token's card. Secrets shown or hidden decide what the Judge's own screen shows.
import type { RoomView, TokenView, TurnEntryView } from '@shared/board.ts';
import { KIND_LOOK } from './board-geometry.ts';
import type { CanvasRoom } from './canvas-model.ts';

/** The Judge-only marks on a room: nothing with secrets hidden. */
export function marksOf(r: RoomView, secrets: boolean): CanvasRoom['marks'] {
  if (!secrets) return [];
  const m: CanvasRoom['marks'] = [];
  if (!r.revealed && r.prepared) m.push({ icon: '◌', text: 'pre-rolled' });
  if (r.trap) m.push({ icon: '⚠', text: r.trap.disabled ? 'trap, disabled' : 'trap' });
  if (r.chest) m.push({ icon: '▣', text: r.chest.opened ? 'chest, opened' : 'chest' });
  if (r.stair) m.push({ icon: '⇣', text: 'the stair down' });
  if (r.phylactery) m.push({ icon: '☠', text: 'the Phylactery' });
  return m;
}

/** A room as the Judge's canvas draws it. */
export function canvasRoomOf(r: RoomView, secrets: boolean): CanvasRoom {
  const showContents = r.revealed || (secrets && r.prepared);
  const typeLabel = r.type ? r.type[0]!.toUpperCase() + r.type.slice(1) : '';
  return {
    x: r.x,
    y: r.y,
    revealed: r.revealed,
    title: showContents ? r.name || typeLabel || 'Room' : `(${r.x + 1},${r.y + 1})`,
    subtitle: showContents
      ? `${typeLabel}${r.capacity !== null ? ` · ${r.occupancy}/${r.capacity}` : ''}${r.full ? ' · FULL' : r.cleared ? ' · cleared' : ''}`
      : 'unrevealed',
    type: r.type,
    full: r.full,
    cleared: r.cleared,
    marks: marksOf(r, secrets),
    dark: false,
  };
}

/** The token's card: what the Judge needs at a glance, the stat block only with secrets shown. */
export function cardOf(t: TokenView, entry: TurnEntryView | undefined, secrets: boolean): string[] {
  const lines = [`${KIND_LOOK[t.kind]?.label ?? t.kind}${t.hidden ? ' · hidden from players' : ''}`];
  if (t.health !== null && (secrets || t.kind !== 'entity'))
    lines.push(`Health ${t.health}/${t.maxHealth ?? t.health} · Armor ${t.armor ?? '–'}`);
  if (entry && (secrets || t.kind !== 'entity'))
    lines.push(
      `Speed ${entry.speed ?? '–'} · ${entry.turns} turn${entry.turns === 1 ? '' : 's'} a round${entry.current ? ' · its turn' : entry.done ? ' · done this round' : ''}`,
    );
  if (secrets && t.kind === 'entity')
    lines.push(`L${t.stats.level ?? '?'} ${t.stats.faction ?? ''} · ${t.stats.attack ?? 'no attack listed'}`);
  lines.push(...(entry ? (secrets ? entry.conditions : entry.publicConditions) : []));
  return lines;
}
