// handDice.*: rolls made with dice rolled at the table. The faces stand in for the seeded source in
// the command's own rules (one random source that yields given faces), so a roll resolves exactly
// as the same faces rolled by the app would; its ledger entry names who entered them.
import { contract, describeIssues } from '@shared/contract.ts';
import type { HandRolledCommand, HandRolledResult, TableDicePreview } from '@shared/contract/dice-entry.ts';
import { previewTableDice, withEnteredDice } from '../../db/play-command.ts';
import { callRoll, currentCall, endCall, offeredCall } from '../../play/dice-calls.ts';
import type { TableFace } from '../../state/draft.ts';
import { CommandFailure } from '../../state/failures.ts';
import { askedOfPlayer } from '../hand-dice-asks.ts';
import type { HandlerContext, Handlers, HandlersOf } from '../handler-context.ts';

/** Who entered the faces, as the ledger names them. */
export const JUDGE_ENTERED = 'the Judge';
export const playerEntered = (name: string): string => `${name}'s player`;

export function handDiceHandlers(ctx: HandlerContext, handlers: () => Handlers): HandlersOf<'handDice'> {
  /** The called command's own arguments, checked as that command checks them. */
  const argsOf = (command: HandRolledCommand, args: unknown): unknown => {
    const parsed = contract[command].args.safeParse(args ?? {});
    if (!parsed.success)
      throw new CommandFailure('invalid-args', `${command}: ${describeIssues(parsed.error)}. Nothing changed.`);
    return parsed.data;
  };
  /** The dialog whose ask stands, and the last dialogs whose roll was made (they ask nothing more). */
  let askedBy: string | null = null;
  const answered: string[] = [];
  const run = (command: HandRolledCommand, args: unknown, faces: readonly number[], by: string): HandRolledResult => {
    const parsed = argsOf(command, args);
    const handler = handlers()[command] as (a: unknown) => HandRolledResult;
    const value = withEnteredDice({ faces, by }, () => handler(parsed));
    // The roll is made: nothing is asked of anyone any more.
    if (currentCall(ctx.state())) ctx.transact('handDice.end', {}, 'Roll answered', (ps) => endCall(ps));
    if (askedBy !== null && answered.push(askedBy) > 32) answered.shift();
    askedBy = null;
    return value;
  };
  return {
    'handDice.roll': ({ command, args, faces }) => run(command, args, faces, JUDGE_ENTERED),
    'handDice.accept': ({ args }) => {
      const call = offeredCall(ctx.state());
      return run(call.command, args, call.offered, playerEntered(call.name));
    },
    'handDice.call': ({ lichslayerId, command, args, causePublic, asker }) => {
      if (asker !== undefined && answered.includes(asker)) return null;
      const what = askedOfPlayer(ctx.state(), command, argsOf(command, args), causePublic);
      // Asked again in the same words (the dialog asks anew on each change main pushes): nothing to
      // write, and no push that would make it ask again.
      const now = currentCall(ctx.state());
      askedBy = asker ?? null;
      if (now && now.lichslayerId === lichslayerId && now.command === command && now.what === what) return now;
      return ctx.transact('handDice.call', { lichslayerId }, 'A roll called', (ps) =>
        callRoll(ps, lichslayerId, command, what),
      );
    },
    'handDice.preview': ({ command, args }) => {
      const parsed = argsOf(command, args);
      const handler = handlers()[command] as (a: unknown) => unknown;
      try {
        return { dice: runsOf(previewTableDice(() => handler(parsed))), refused: null };
      } catch (error) {
        if (error instanceof CommandFailure && (error.code === 'refused' || error.code === 'not-found'))
          return { dice: [], refused: error.message };
        throw error;
      }
    },
    'handDice.current': () => currentCall(ctx.state()),
    'handDice.end': () => {
      askedBy = null;
      if (currentCall(ctx.state())) ctx.transact('handDice.end', {}, 'Roll call ended', (ps) => endCall(ps));
      return null;
    },
  };
}

/**
 * The dice of one roll with one cause and size, counted: d6, d6 for one Challenge read "2d6". Two
 * rolls are never merged (two Lichslayers' Sanity Challenges at a round's end share their cause),
 * and each says whose roll it is unless its cause already names them.
 */
function runsOf(faces: readonly TableFace[]): TableDicePreview['dice'] {
  const runs: TableDicePreview['dice'] = [];
  let lastRoll = -1;
  for (const f of faces) {
    const last = runs.at(-1);
    if (last && f.roll === lastRoll && last.cause === f.cause && last.sides === f.sides) last.count++;
    else {
      const who = f.character !== null && !f.cause.includes(f.character) ? f.character : null;
      runs.push({ count: 1, sides: f.sides, cause: f.cause, who });
    }
    lastRoll = f.roll;
  }
  return runs;
}
