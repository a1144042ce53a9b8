// Every command's handler, assembled from the modules of each command prefix.
import type { HandlerContext, Handlers } from './handler-context.ts';
import { appHandlers } from './handlers/app.ts';
import { backupsHandlers } from './handlers/backups.ts';
import { boardHandlers, playersHandlers } from './handlers/board.ts';
import { campaignHandlers } from './handlers/campaign.ts';
import { challengeHandlers } from './handlers/challenge.ts';
import { fightHandlers } from './handlers/fight.ts';
import { forestHandlers } from './handlers/forest.ts';
import { historyHandlers } from './handlers/history.ts';
import { storageHandlers } from './handlers/storage.ts';
import { houseRulesHandlers } from './handlers/house-rules.ts';
import { idolHandlers } from './handlers/idol.ts';
import { journalHandlers } from './handlers/journal.ts';
import { diceHandlers, ledgerHandlers } from './handlers/ledger.ts';
import { lichslayerHandlers } from './handlers/lichslayer.ts';
import { lootHandlers } from './handlers/loot.ts';
import { oddsHandlers } from './handlers/odds.ts';
import { phaseHandlers } from './handlers/phase.ts';
import { printHandlers } from './handlers/print.ts';
import { privateHandlers } from './handlers/private.ts';
import { retainerHandlers } from './handlers/retainer.ts';
import { skillHandlers } from './handlers/skill.ts';
import { ailmentHandlers } from './handlers/ailment.ts';
import { smithHandlers } from './handlers/smith.ts';
import { squareHandlers } from './handlers/square.ts';
import { tableHandlers } from './handlers/tables.ts';
import { townHandlers } from './handlers/town.ts';
import { turningHandlers } from './handlers/turning.ts';
import { handDiceHandlers } from './handlers/hand-dice.ts';

/** Every command's handler, assembled from the modules of each command prefix. */
export function allHandlers(ctx: HandlerContext): Handlers {
  const handlers: Handlers = {
    ...appHandlers(ctx),
    ...campaignHandlers(ctx),
    ...lichslayerHandlers(ctx),
    ...townHandlers(ctx),
    ...smithHandlers(ctx),
    ...retainerHandlers(ctx),
    ...squareHandlers(ctx),
    ...idolHandlers(ctx),
    ...forestHandlers(ctx),
    ...lootHandlers(ctx),
    ...skillHandlers(ctx),
    ...ailmentHandlers(ctx),
    ...journalHandlers(ctx),
    ...houseRulesHandlers(ctx),
    ...tableHandlers(ctx),
    ...ledgerHandlers(ctx),
    ...diceHandlers(ctx),
    ...boardHandlers(ctx),
    ...playersHandlers(ctx),
    ...privateHandlers(ctx),
    ...phaseHandlers(ctx),
    ...turningHandlers(ctx),
    ...fightHandlers(ctx),
    ...challengeHandlers(ctx),
    ...printHandlers(ctx),
    ...backupsHandlers(ctx),
    ...historyHandlers(ctx),
    ...storageHandlers(ctx),
    ...oddsHandlers(ctx),
    // Runs another command's handler on dice rolled at the table.
    ...handDiceHandlers(ctx, () => handlers),
  };
  return handlers;
}
