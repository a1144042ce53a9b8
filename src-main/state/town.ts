// The Town as the play state holds it: its row (name, campaign day) and its state (the Smith,
// Retainers, the Square, Idols, the Forest, Towns left behind).
import { townStateSchema, type TownState } from '@shared/town.ts';
import type { PlayReader, PlaySession } from './session.ts';
import { readSetting, writeSetting } from './settings.ts';

export function today(r: PlayReader): number {
  return r.byId('town', 1)?.day ?? 1;
}

const EMPTY_TOWN = townStateSchema.parse({});

export const readTown = (r: PlayReader): TownState => readSetting(r, 'town-state', townStateSchema, EMPTY_TOWN);
export const writeTown = (s: PlaySession, state: TownState) => writeSetting(s, 'town-state', state);
