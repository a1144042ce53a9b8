// odds.*: the Odds lab — exact Challenge odds (a single figure and the heat map's grid), and the
// dive simulator. Reads only: nothing here changes the campaign.
import { campaignChallengeGrid, campaignChallengeOdds } from '../../odds/odds-ops.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function oddsHandlers(ctx: HandlerContext): HandlersOf<'odds'> {
  const db = () => ctx.require().db;
  return {
    'odds.challenge': (args) => campaignChallengeOdds(db(), args),
    'odds.challengeGrid': (args) => campaignChallengeGrid(db(), args),
  };
}
