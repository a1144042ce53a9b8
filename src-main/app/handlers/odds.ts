// odds.*: the Odds lab — exact Challenge odds (a single figure and the heat map's grid), and the
// dive simulator's runs. Reads only: nothing here changes the campaign.
import { campaignChallengeGrid, campaignChallengeOdds } from '../../odds/odds-ops.ts';
import { SimRunner } from '../../odds/sim-runner.ts';
import { describedMembers, loadSimWorld, rosterMembers } from '../../odds/sim-world.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function oddsHandlers(ctx: HandlerContext): HandlersOf<'odds'> {
  const runner = new SimRunner();
  const known = (runId: string) => {
    const view = runner.read(runId);
    if (!view)
      throw new CommandFailure(
        'not-found',
        `There is no simulation “${runId}” (a run is forgotten once newer ones replace it).`,
      );
    return view;
  };
  return {
    'odds.challenge': (args) => campaignChallengeOdds(ctx.state(), args),
    'odds.challengeGrid': (args) => campaignChallengeGrid(ctx.state(), args),
    'odds.simulate': (args) => {
      const party = 'roster' in args.party ? rosterMembers(ctx.state()) : describedMembers(args.party.members);
      const world = loadSimWorld(ctx.state(), party, args.houseRules);
      return runner.start(world, args.policies, args.seed, args.dives, args.label);
    },
    'odds.simulation': ({ runId }) => known(runId),
    'odds.cancelSimulation': ({ runId }) => {
      known(runId);
      return runner.cancel(runId)!;
    },
  };
}
