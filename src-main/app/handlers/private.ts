// private.*: each player's own screen. The Judge issues and revokes the links (the web host keeps
// them, in memory, only while the players' screens are shared on the local network, and the ones
// the Judge keeps in the data folder too); a link's token may read its own Lichslayer's view and
// nothing else (the host enforces that).
import path from 'node:path';
import { CommandFailure } from '../../state/failures.ts';
import type { PrivateLinksView } from '@shared/private-view.ts';
import type { AppOptions, HandlerContext, HandlersOf } from '../handler-context.ts';
import { privateView } from '../../views/private-view.ts';
import { offerFaces } from '../../play/dice-calls.ts';
import { KeptLinks } from '../kept-links.ts';

const NOT_SHARED =
  "Private screens need the players' screens shared on the local network (the desktop app: Players ▸ Players on the local network; the web host: start it with --players-on-lan). Nothing changed.";

type PrivateLinks = AppOptions['privateLinks'];
const keptLinks = (options: AppOptions) => new KeptLinks(path.join(options.dataDir, 'private-links.json'));
const secretOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

/** The kept links of the campaign open now open again: as it opens, and as sharing begins. */
export function restoreKeptLinks(options: AppOptions, campaign: string | undefined): void {
  if (!options.privateLinks || !campaign) return;
  for (const k of keptLinks(options).of(campaign)) options.privateLinks.restore(k.lichslayerId, k.secret);
}

/**
 * Ends the links of Lichslayers no longer in the roster (removed, or their creation undone): the
 * next Lichslayer may be given the same row number, and a link must not show them. A kept one is
 * forgotten too.
 */
export function endGoneLinks(
  options: AppOptions,
  campaign: string | undefined,
  roster: () => readonly { id: number }[],
) {
  if (!campaign) return;
  const held = options.privateLinks?.list() ?? [];
  // Kept ones too, sharing on or off: a link restored later must not find a newcomer in its place.
  const kept = keptLinks(options);
  const keptHere = kept.of(campaign);
  if (held.length === 0 && keptHere.length === 0) return;
  const present = new Set(roster().map((l) => l.id));
  for (const { lichslayerId } of held) if (!present.has(lichslayerId)) options.privateLinks?.revoke(lichslayerId);
  for (const { lichslayerId } of keptHere) if (!present.has(lichslayerId)) kept.forget(campaign, lichslayerId);
}

export function privateHandlers(ctx: HandlerContext): HandlersOf<'private'> {
  const links = (): PrivateLinksView => {
    const store: PrivateLinks = ctx.options.privateLinks;
    if (!store) return { sharing: false, links: [] };
    const campaign = ctx.files.current()?.path;
    const kept = new Set(
      campaign
        ? keptLinks(ctx.options)
            .of(campaign)
            .map((k) => k.secret)
        : [],
    );
    return { sharing: true, links: store.list().map((l) => ({ ...l, kept: kept.has(secretOf(l.url)) })) };
  };
  /** The Lichslayer exists in the open campaign, or the command is refused. */
  const known = (lichslayerId: number) => {
    if (!ctx.view().roster.some((l) => l.id === lichslayerId))
      throw new CommandFailure('not-found', `No Lichslayer ${lichslayerId} in this campaign.`);
  };
  const sharedLinks = () => {
    const store = ctx.options.privateLinks;
    if (!store) throw new CommandFailure('refused', NOT_SHARED);
    return store;
  };
  /** Keeps (or stops keeping) the Lichslayer's link as it is now. */
  const setKept = (lichslayerId: number, keep: boolean) => {
    const campaign = ctx.require().path;
    const url = sharedLinks()
      .list()
      .find((l) => l.lichslayerId === lichslayerId)?.url;
    if (keep && url) keptLinks(ctx.options).keep({ campaign, lichslayerId, secret: secretOf(url) });
    else keptLinks(ctx.options).forget(campaign, lichslayerId);
  };
  const isKept = (lichslayerId: number) => links().links.some((l) => l.lichslayerId === lichslayerId && l.kept);
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
      known(lichslayerId);
      // A kept link issued anew is kept as the new one: the Judge kept the Lichslayer's link, not a token.
      const kept = isKept(lichslayerId);
      sharedLinks().issue(lichslayerId);
      if (kept) setKept(lichslayerId, true);
      return links();
    },
    'private.revoke': ({ lichslayerId }) => {
      ctx.options.privateLinks?.revoke(lichslayerId);
      const campaign = ctx.files.current()?.path;
      if (campaign) keptLinks(ctx.options).forget(campaign, lichslayerId);
      return links();
    },
    'private.keep': ({ lichslayerId, keep }) => {
      known(lichslayerId);
      if (
        keep &&
        !sharedLinks()
          .list()
          .some((l) => l.lichslayerId === lichslayerId)
      )
        throw new CommandFailure(
          'refused',
          'Give this Lichslayer a private link first, then keep it. Nothing changed.',
        );
      setKept(lichslayerId, keep);
      return links();
    },
  };
}
