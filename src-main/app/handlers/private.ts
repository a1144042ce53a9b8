// private.*: each player's own screen. The Judge issues and revokes the links (the web host keeps
// them, in memory, only while the players' screens are shared on the local network); a link's
// token may read its own Lichslayer's view and nothing else (the host enforces that).
import { CommandFailure } from '../../state/failures.ts';
import type { PrivateLinksView } from '@shared/private-view.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { privateView } from '../../views/private-view.ts';
import { offerFaces } from '../../play/dice-calls.ts';

const NOT_SHARED =
  "Private screens need the players' screens shared on the local network (the desktop app: Players ▸ Players on the local network; the web host: start it with --players-on-lan). Nothing changed.";

/**
 * Ends the links of Lichslayers no longer in the roster (removed, or their creation undone): the
 * next Lichslayer may be given the same row number, and a link must not show them.
 */
export function endGoneLinks(
  links: HandlerContext['options']['privateLinks'],
  roster: () => readonly { id: number }[],
) {
  const held = links?.list() ?? [];
  if (held.length === 0) return;
  const present = new Set(roster().map((l) => l.id));
  for (const { lichslayerId } of held) if (!present.has(lichslayerId)) links?.revoke(lichslayerId);
}

export function privateHandlers(ctx: HandlerContext): HandlersOf<'private'> {
  const links = (): PrivateLinksView => {
    const store = ctx.options.privateLinks;
    return store ? { sharing: true, links: store.list() } : { sharing: false, links: [] };
  };
  /** The Lichslayer exists in the open campaign, or the command is refused. */
  const known = (lichslayerId: number) => {
    if (!ctx.view().roster.some((l) => l.id === lichslayerId))
      throw new CommandFailure('not-found', `No Lichslayer ${lichslayerId} in this campaign.`);
  };
  return {
    'private.view': ({ lichslayerId }) => {
      if (lichslayerId === undefined) throw new CommandFailure('invalid-args', 'Which Lichslayer? Name one by id.');
      known(lichslayerId);
      return privateView(ctx.view(), ctx.state(), lichslayerId);
    },
    'private.sendDice': ({ lichslayerId, faces }) => {
      if (lichslayerId === undefined) throw new CommandFailure('invalid-args', 'Which Lichslayer? Name one by id.');
      known(lichslayerId);
      ctx.transact('private.sendDice', { lichslayerId }, 'Dice sent by a player', (ps) =>
        offerFaces(ps, lichslayerId, faces),
      );
      return privateView(ctx.view(), ctx.state(), lichslayerId);
    },
    'private.links': () => links(),
    'private.issue': ({ lichslayerId }) => {
      const store = ctx.options.privateLinks;
      if (!store) throw new CommandFailure('refused', NOT_SHARED);
      known(lichslayerId);
      store.issue(lichslayerId);
      return links();
    },
    'private.revoke': ({ lichslayerId }) => {
      ctx.options.privateLinks?.revoke(lichslayerId);
      return links();
    },
  };
}
