// What main and the open check's worker say to each other.
import type { CampaignFileProblem } from '../state/failures.ts';
import type { CheckProgress } from './open-check.ts';

export interface OpenCheckJob {
  id: number;
  file: string;
  nativeBinding: string | undefined;
  /** The file must be writable (opening); an import's source is only read. */
  needWrite: boolean;
  /** Every setting read through its schema too (an import reads them once the copy is migrated). */
  settings: boolean;
}

export type OpenCheckResult =
  | {
      ok: true;
      version: number;
      empty: boolean;
      /** The campaign's name as the list shows it (null for an empty file). */
      name: string | null;
    }
  | { ok: false; problem: CampaignFileProblem; message: string };

export type OpenCheckMessage =
  { id: number; type: 'progress'; progress: CheckProgress } | { id: number; type: 'done'; result: OpenCheckResult };
