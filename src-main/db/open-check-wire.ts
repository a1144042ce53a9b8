// What main and the open check's worker say to each other.
import type { CampaignFileProblem } from '../state/failures.ts';
import type { CheckProgress } from './open-check.ts';

export interface OpenCheckJob {
  id: number;
  file: string;
  nativeBinding: string | undefined;
  /** The file must be writable (opening); an import's source is only read. */
  needWrite: boolean;
}

export type OpenCheckResult =
  { ok: true; version: number; empty: boolean } | { ok: false; problem: CampaignFileProblem; message: string };

export type OpenCheckMessage =
  { id: number; type: 'progress'; progress: CheckProgress } | { id: number; type: 'done'; result: OpenCheckResult };
