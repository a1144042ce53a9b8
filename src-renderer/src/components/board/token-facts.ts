// What the room panel reads about one token from the board view besides the token itself.
import type { BoardView, OnenessView } from '@shared/board.ts';
import { AILMENTS } from '@shared/ailments.ts';

/** Ailments (ch.2) a token carries, as its turn-order row lists them. */
export const ailmentsOn = (board: BoardView | null, tokenId: number): string[] =>
  (board?.turnStack.find((e) => e.tokenId === tokenId)?.conditions ?? []).filter((c) =>
    (AILMENTS as readonly string[]).includes(c),
  );

/** The Oneness (ch.2) a token is part of, as the body inhabited or as the Witch's own inert body. */
export const onenessOn = (board: BoardView | null, tokenId: number): OnenessView | null =>
  board?.oneness.find((o) => o.bodyTokenId === tokenId || o.witchTokenId === tokenId) ?? null;
