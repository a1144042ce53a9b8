// How the board's panels send a command: through the board screen, which takes the board a reply
// holds and asks the Judge first when a move needs their say-so.
import type { ArgsOf, CommandName } from '@shared/contract.ts';

export type Act = <K extends CommandName>(name: K, args: ArgsOf<K>, retry?: () => Promise<void>) => Promise<boolean>;
