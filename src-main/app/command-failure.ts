import type { ErrorCode } from '@shared/contract.ts';

/** A refusal a handler reports to the Judge; anything else thrown is an internal error. */
export class CommandFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}
