// The play engine decides on plain data (DESIGN: load, decide, apply, show). The demo campaign is
// loaded once into memory and its SQLite file closed; then, for generated seeds and arguments,
// the same state, arguments and seed always give the same effects, rolls and notices, and a
// decision never needs the database (it is handed none, and the one it came from is closed).
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDef } from '@shared/tables.ts';
import { lootLookup } from '../rules/loot-entry.ts';
import { loadPlayState } from '../db/play-store.ts';
import { tableCatalog } from '../db/table-catalog.ts';
import { Draft } from '../state/draft.ts';
import { withChanges, type PlayState } from '../state/play-state.ts';
import type { LedgerReads } from '../state/ledger-entry.ts';
import type { PlaySession, SkillUseReads, TableCatalog } from '../state/session.ts';
import { allTokens } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import type { CommandName } from '@shared/contract.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { nextDay } from './day/next-day.ts';
import { moveToken } from './token-move.ts';

let state: PlayState;
let tables: TableCatalog;
let file: Database.Database;
const NO_LEDGER: LedgerReads = { cheatSource: () => null, spellCauses: () => [], lastCounterMagic: () => null };
const NO_USES: SkillUseReads = { inWindow: () => [], distinct: () => [], firstBurgle: () => null };

beforeAll(async () => {
  const { app } = await openDemo(1);
  // Floor 1 entered, so moves have rooms to reveal and enter.
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const [c] = await app.call('campaign.list', {});
  await app.close();
  file = new Database(c!.path, { readonly: true });
  const loaded = loadPlayState(file);
  const catalog = tableCatalog(file);
  const defs = new Map<string, TableDef>(catalog.defs);
  tables = {
    defs,
    drawn: new Map(catalog.drawn),
    ids: new Map(catalog.ids),
    loot: lootLookup(defs.values()),
    ofCategory: (category) => [...defs.values()].filter((d) => d.category === category),
  };
  // Without its saved random source, a draft rolls from the seed it is handed.
  const randomRow = [...loaded.rows.setting.values()].find((r) => r.key === 'random')!;
  state = withChanges(loaded, new Map([['setting', new Map([[randomRow.id, null]])]]));
  file.close();
});

afterAll(() => {
  if (file.open) file.close();
});

function draftOf(command: CommandName, seed: number): Draft {
  return new Draft(state, {
    command,
    now: '2026-01-01T00:00:00.000Z',
    tables,
    freshSeed: seed,
    ledger: NO_LEDGER,
    skillUses: NO_USES,
    refuse: (message) => new CommandFailure('refused', message),
  });
}

const partyTokens = () => allTokens(draftOf('board.view', 0)).filter((t) => t.kind === 'lichslayer');

function decide(command: CommandName, seed: number, run: (ps: PlaySession, notices: string[]) => void) {
  const draft = draftOf(command, seed);
  const notices: string[] = [];
  let refused: string | null = null;
  try {
    run(draft, notices);
  } catch (e) {
    if (!(e instanceof CommandFailure)) throw e;
    refused = e.message;
  }
  const d = draft.decision();
  return { refused, notices, effects: d.effects, rolls: d.rolls, draws: [...d.draws], untracked: d.untracked };
}

describe('the play engine decides on plain data', () => {
  it('the demo is loaded and its file closed before any decision', () => {
    expect(file.open).toBe(false);
    expect(partyTokens()).toHaveLength(4);
  });

  it('board.moveToken (ch.9): the same state, token, room and seed give the same effects, rolls and notices', () => {
    const party = partyTokens();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...party.map((t) => t.id)),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (seed, tokenId, x, y) => {
          const args = { tokenId, floor: 1, x, y, override: false };
          const once = decide('board.moveToken', seed, (ps, n) => moveToken(ps, args, n));
          const again = decide('board.moveToken', seed, (ps, n) => moveToken(ps, args, n));
          expect(again).toEqual(once);
        },
      ),
      { numRuns: 60, seed: 23 },
    );
  });

  it('a move into the next room decides writes and, with its reveal, rolls (ch.9)', () => {
    const walker = partyTokens()[0]!;
    const once = decide('board.moveToken', 7, (ps, n) =>
      moveToken(ps, { tokenId: walker.id, floor: 1, x: walker.x!, y: walker.y! + 1, override: false }, n),
    );
    expect(once.refused).toBeNull();
    expect(once.effects.length).toBeGreaterThan(0);
    expect(once.rolls.length).toBeGreaterThan(0);
  });

  it('town.nextDay (ch.5): the same state and seed give the same day, its rolls and its writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const once = decide('town.nextDay', seed, (ps) => void nextDay(ps));
        expect(decide('town.nextDay', seed, (ps) => void nextDay(ps))).toEqual(once);
      }),
      { numRuns: 25, seed: 5 },
    );
  });
});
