// Why a campaign file (or a file beside it) was refused, in words a Judge can act on. Its own
// module so that every check can throw it without importing the code that opens files.

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
