// What a command run on dice rolled at the table reported, for tests that read its notices.
import type { HandRolledResult } from '@shared/contract/dice-entry.ts';

/** The notices a hand-rolled command answered with; a test fails here when it answered with none. */
export function noticesOf(r: HandRolledResult): string[] {
  if (!('notices' in r) || r.notices === undefined) throw new Error('The roll answered with no notices.');
  return r.notices;
}
