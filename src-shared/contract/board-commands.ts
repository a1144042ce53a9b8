// The board, the players' screen and private links.
import { z } from 'zod';
import {
  newTokenSchema,
  placeSchema,
  roomPatchSchema,
  tokenPatchSchema,
  worldPatchSchema,
  type BoardView,
  type PlayerView,
} from '../board.ts';
import type { PrivateLinksView, PrivateView } from '../private-view.ts';
import { command, noArgs, rowId } from './arg-schemas.ts';

export const boardCommands = {
  'board.view': command<BoardView>()(z.strictObject({ floor: z.number().int().min(1).max(10) })),
  'board.setWorld': command<BoardView>()(
    z.strictObject({ floor: z.number().int().min(1).max(10), patch: worldPatchSchema }),
  ),
  'board.enterFloor': command<BoardView>()(
    z.strictObject({
      floor: z.number().int().min(1).max(10),
      x: z.number().int().min(0).max(4).optional(),
      y: z.number().int().min(0).max(4).optional(),
    }),
  ),
  'board.placeLichslayer': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'board.moveToken': command<BoardView>()(placeSchema.extend({ tokenId: rowId, override: z.boolean().default(false) })),
  /** Reveals a room; with `ahead`, as that Lichslayer's step in would, before they take it (ch.10). */
  'board.revealRoom': command<BoardView>()(placeSchema.extend({ ahead: rowId.optional() })),
  'board.prerollRoom': command<BoardView>()(placeSchema),
  'board.prerollFloor': command<BoardView>()(z.strictObject({ floor: z.number().int().min(1).max(9) })),
  'board.setRoom': command<BoardView>()(
    placeSchema.extend({ patch: roomPatchSchema, revealed: z.boolean().optional() }),
  ),
  'board.resetRoom': command<BoardView>()(placeSchema),
  'board.disableTrap': command<BoardView>()(placeSchema),
  'board.openChest': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'board.takeGold': command<BoardView>()(placeSchema.extend({ to: z.union([rowId, z.literal('split')]) })),
  'board.addToken': command<BoardView>()(newTokenSchema),
  'board.updateToken': command<BoardView>()(z.strictObject({ id: rowId, patch: tokenPatchSchema })),
  'board.removeToken': command<BoardView>()(z.strictObject({ id: rowId })),
  'board.reorderStack': command<BoardView>()(
    z.strictObject({ floor: z.number().int().min(1).max(10), tokenIds: z.array(rowId).max(500) }),
  ),
  'players.view': command<PlayerView>()(noArgs),
  /**
   * One Lichslayer's own screen. A private link's page names no one: the host fills in the
   * Lichslayer its token is for, and refuses any other; the Judge names the Lichslayer.
   */
  'private.view': command<PrivateView>()(z.strictObject({ lichslayerId: rowId.optional() })),
  /** The private links open now, and whether the host shares screens on the local network. */
  'private.links': command<PrivateLinksView>()(noArgs),
  /** Issues a fresh private link for one Lichslayer (any earlier one stops working). */
  'private.issue': command<PrivateLinksView>()(z.strictObject({ lichslayerId: rowId })),
  'private.revoke': command<PrivateLinksView>()(z.strictObject({ lichslayerId: rowId })),
  /** Keeps a Lichslayer's link across restarts of the app, or lets it end with the app again. */
  'private.keep': command<PrivateLinksView>()(z.strictObject({ lichslayerId: rowId, keep: z.boolean() })),
};
