// The refusals every layer may raise: the Judge's refusal of a command, and a campaign file the app
// will not use. The dispatcher turns each into a clear answer; anything else is an internal error.
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

export type CampaignFileProblem =
  | 'missing'
  | 'not-sqlite'
  | 'not-campaign'
  | 'foreign-schema'
  | 'oversized'
  | 'newer'
  | 'read-only'
  | 'damaged'
  | 'outside'
  | 'locked'
  | 'side-file'
  | 'cancelled';

export class CampaignFileError extends Error {
  constructor(
    readonly problem: CampaignFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CampaignFileError';
  }
}

/** A setting that is not what the app writes: which one and why, so each caller can say what it means there. */
export class DamagedSettingError extends CampaignFileError {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(
      'damaged',
      `This campaign's setting “${key.slice(0, 60)}” is damaged (${reason.slice(0, 200)}), so it was not used and not reset to a default. Nothing was changed. Close the campaign and choose “Restore newest good backup” for it on the Campaigns screen.`,
    );
  }
}

export const damagedSetting = (key: string, reason: string) => new DamagedSettingError(key, reason);
