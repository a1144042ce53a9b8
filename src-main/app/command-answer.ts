// One command answered: its name and arguments checked against the contract, its handler run, and
// every failure turned into a clear refusal that says what and where; an internal error is what is left.
import path from 'node:path';
import { contract, describeIssues, isCommandName, type CommandName, type Reply } from '@shared/contract.ts';
import { firstTextProblem } from '@shared/text-hygiene.ts';
import { CampaignFileError, CommandFailure } from '../state/failures.ts';
import { isCorruption } from './command-errors.ts';
import type { Handlers } from './handler-context.ts';

export interface AnswerHooks {
  revision(): number;
  /** What a command waits for before it runs (a backup being copied), if anything. */
  before(command: CommandName): Promise<unknown> | undefined;
  openFile(): string | null;
  /** SQLite met damage the checks had not reached: the campaign is closed; what to tell the Judge. */
  damaged(file: string, message: string): string;
}

export async function answer(
  handlers: Handlers,
  name: unknown,
  rawArgs: unknown,
  hooks: AnswerHooks,
): Promise<Reply<unknown>> {
  if (!isCommandName(name)) {
    return {
      ok: false,
      error: { code: 'unknown-command', message: `Unknown command: ${String(name).slice(0, 80)}` },
    };
  }
  // No arguments at all (an IPC call without any) are none; a `null` is not an empty object.
  const parsed = contract[name].args.safeParse(rawArgs === undefined ? {} : rawArgs);
  if (!parsed.success) {
    return { ok: false, error: { code: 'invalid-args', message: `${name}: ${describeIssues(parsed.error)}` } };
  }
  const text = firstTextProblem(parsed.data);
  if (text) return { ok: false, error: { code: 'invalid-args', message: `${name}: ${text}. Nothing was changed.` } };
  try {
    await hooks.before(name);
    const handler = handlers[name] as (args: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value, revision: hooks.revision() };
  } catch (error) {
    if (error instanceof CommandFailure) return { ok: false, error: { code: error.code, message: error.message } };
    if (error instanceof CampaignFileError)
      return { ok: false, error: { code: 'campaign-file', message: error.message } };
    const refusal = refusalOf(name, error, hooks.openFile());
    if (refusal) return { ok: false, error: { code: 'refused', message: refusal } };
    const message = error instanceof Error ? error.message : String(error);
    const file = hooks.openFile();
    if (file && isCorruption(error))
      return { ok: false, error: { code: 'campaign-file', message: hooks.damaged(file, message) } };
    return { ok: false, error: { code: 'internal', message: `${name} failed: ${message}` } };
  }
}

/**
 * What to tell the Judge of a failure that is the world's, not the app's: another writer on the
 * campaign (its lock was broken while the holder still ran), or a file the system refused.
 */
function refusalOf(name: CommandName, error: unknown, open: string | null): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  const file = open ? path.basename(open) : 'The campaign';
  if (code.startsWith('SQLITE_BUSY'))
    return `${name}: ${file} is being written by another Lichslayer Judge at this moment (its lock was broken while that one still had it open), so this change was not saved. Nothing was changed. Close the campaign in the other window, then open it again here.`;
  if (/^E[A-Z]+$/.test(code) && error instanceof Error && 'syscall' in error)
    return `${name}: the file system refused it (${code}: ${error.message.slice(0, 200)}).`;
  return null;
}
