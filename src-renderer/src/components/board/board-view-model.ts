// The Judge's board view turned into what the canvas draws: each room's title, line of facts and
// marks, and each token's card. Secrets shown or hidden decide what the Judge's own screen shows.
import type { BoardView, RoomView, SkillOffer, TokenView, TurnEntryView } from '@shared/board.ts';
import type { PhaseView } from '@shared/phase.ts';
import { keyedMap } from '../../lib/keyed.ts';
import { KIND_LOOK } from './board-geometry.ts';
import type { CanvasRoom, CanvasToken } from './canvas-model.ts';
import { shortLabels } from './token-labels.ts';

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

/** The rooms as the canvas draws them, each made again only when its room or the secrets change. */
export function canvasRooms(): (rooms: readonly RoomView[], secrets: boolean) => CanvasRoom[] {
  const map = keyedMap<RoomView, CanvasRoom>();
  return (rooms, secrets) =>
    map(
      rooms,
      (r) => `${r.x},${r.y}`,
      (r) => [r, secrets],
      (r) => canvasRoomOf(r, secrets),
    );
}

/**
 * One short label per token, unique across the board and the tracker, so a row and its token read
 * the same; the same map while the names are the same.
 */
export function tokenLabels(): (drawn: readonly TokenView[], stack: readonly TurnEntryView[]) => Map<number, string> {
  let lastKey = '';
  let last = new Map<number, string>();
  return (drawn, stack) => {
    const onBoard = new Set(drawn.map((t) => t.id));
    const rows = [
      ...drawn.map((t) => ({ id: t.id, name: t.name })),
      ...stack.filter((e) => !onBoard.has(e.tokenId)).map((e) => ({ id: e.tokenId, name: e.name })),
    ];
    const key = JSON.stringify(rows);
    if (key === lastKey) return last;
    const short = shortLabels(rows.map((r) => r.name));
    lastKey = key;
    last = new Map(rows.map((r, i) => [r.id, short[i]!]));
    return last;
  };
}

/** What the canvas needs of each token, made again only for a token whose view or turn changed. */
export function canvasTokens(): (
  drawn: readonly TokenView[],
  entries: ReadonlyMap<number, TurnEntryView>,
  labels: ReadonlyMap<number, string>,
  ringed: number | null,
  secrets: boolean,
) => CanvasToken[] {
  const map = keyedMap<TokenView, CanvasToken>();
  return (drawn, entries, labels, ringed, secrets) =>
    map(
      drawn,
      (t) => t.id,
      (t) => [t, entries.get(t.id), labels.get(t.id), t.id === ringed, secrets],
      (t) => ({
        key: String(t.id),
        id: t.id,
        x: t.x!,
        y: t.y!,
        name: t.name,
        colour: t.colour,
        kind: t.kind,
        health: secrets || t.kind !== 'entity' ? t.health : null,
        maxHealth: secrets || t.kind !== 'entity' ? t.maxHealth : null,
        hidden: t.hidden,
        draggable: t.kind !== 'phylactery',
        current: t.id === ringed,
        card: cardOf(t, entries.get(t.id), secrets),
        label: labels.get(t.id),
        felled: t.defeated,
      }),
    );
}

/** The line under the board saying where the fight stands: whose turn, between turns, or the round's end (ch.11). */
export function turnLineOf(
  combat: PhaseView['combat'] | null,
  stack: readonly TurnEntryView[],
  ringed: number | null,
): string {
  if (!combat) return 'No fight under way.';
  const who = stack.find((e) => e.tokenId === ringed)?.name;
  if (combat.atRoundEnd) return `End of round ${combat.round}.`;
  if (combat.between) return `Round ${combat.round}: between turns, enemies may move.`;
  return `Round ${combat.round}: ${who ?? 'someone'}'s turn.`;
}

/** The class skills main offers on a room (ch.2); with secrets hidden, none aimed at a hidden token. */
export function roomOffers(board: BoardView | null, at: { x: number; y: number }, secrets: boolean): SkillOffer[] {
  return (board?.offers ?? []).filter(
    (o) => o.aim === 'room' && o.room.x === at.x && o.room.y === at.y && (secrets || !o.hidden),
  );
}

/** The class skills main offers on a token (ch.2). */
export function tokenOffersOf(board: BoardView | null, id: number, secrets: boolean): SkillOffer[] {
  return (board?.offers ?? []).filter((o) => o.aim === 'token' && o.tokenId === id && (secrets || !o.hidden));
}
