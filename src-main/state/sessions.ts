// The campaign's play sessions and its random source as the play state holds them: both are kept
// without undo steps (an undo never rewinds the dice or the session).
import { z } from 'zod';
import { readSetting } from './settings.ts';
import type { PlayReader, PlaySession } from './session.ts';

export const randomStateSchema = z.strictObject({
  seed: z.number().int(),
  position: z.number().int().min(0),
  s: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});

/** The random source's saved state, validated; null before the first roll. */
// The schemas are built once: the state caches a setting's parsed value per schema, so a schema
// built on every read would be parsed (and validated) again on every read.
const savedRandomSchema = randomStateSchema.nullable();
export const savedRandom = (r: PlayReader) => readSetting(r, 'random', savedRandomSchema, null);

// Bounded: the journal lists every session, so a crafted count must not ask for a billion of them.
const sessionSchema = z.number().int().min(1).max(100_000);

export const currentSession = (r: PlayReader): number => readSetting(r, 'session', sessionSchema, 1);

const sessionStartsSchema = z.record(z.string(), z.string());

export const sessionStarts = (r: PlayReader): Record<string, string> =>
  readSetting(r, 'session-starts', sessionStartsSchema, {});

/** A new session begins; when, so the journal can sort the campaign's history into sessions. */
export function startSession(s: PlaySession): number {
  const next = currentSession(s) + 1;
  s.setUntracked('session', next);
  s.setUntracked('session-starts', { ...sessionStarts(s), [String(next)]: s.now });
  return next;
}
