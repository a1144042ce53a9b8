// Floors set by hand for tests that need a fight or the Lich without rolling the rooms on the way:
// the same quiet rooms, enemy and Phylactery each time, so fixed seeds give fixed results.
import type { CampaignApp } from '../app/campaign-app.ts';
import type { TokenView } from '@shared/board.ts';
import type { ArgsOf } from '@shared/contract.ts';

type NewToken = ArgsOf<'board.addToken'>;
/** What the tests' enemies are unless told otherwise: a Red entity with no Armor at (2,0) on Floor 1. */
export const ENEMY_DEFAULTS = { kind: 'entity', colour: 'Red', floor: 1, x: 2, y: 0, armor: 0 } as const;
/** An enemy for `addEnemy`: its name, and whatever differs from `ENEMY_DEFAULTS`. */
export type Enemy = Pick<NewToken, 'name'> & Partial<Omit<NewToken, 'kind' | 'name'>>;

/** Sets an enemy down and returns its token. */
export async function addEnemy(app: CampaignApp, enemy: Enemy): Promise<TokenView> {
  const board = await app.call('board.addToken', { ...ENEMY_DEFAULTS, ...enemy });
  // The newest of that name: a test may set down two enemies named alike.
  return board.tokens.filter((t) => t.name === enemy.name).reduce((a, b) => (b.id > a.id ? b : a));
}

/**
 * A fight on Floor 1: the Quiet Vault set at (2,0) where the party arrives, the party descends, the
 * enemy is set down there, and the enemies enter. Returns the phase the fight starts in.
 */
export async function fightInTheQuietVault(app: CampaignApp, enemy: Enemy) {
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(app, enemy);
  return app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
}

type Trap = NonNullable<ArgsOf<'board.setRoom'>['patch']['trap']>;

/** A revealed chamber at (1,0) on Floor 1, beside where the party arrives, whose trap triggers for each one entering (ch.9). */
export async function trapBeside(app: CampaignApp, name: string, label: string, effect: Trap['effect']): Promise<void> {
  await app.call('board.setRoom', {
    floor: 1,
    x: 1,
    y: 0,
    patch: { type: 'chamber', name, trap: { label, disabled: false, effect } },
    revealed: true,
  });
}

/** A quiet Vault at (2,0) on every floor from 1 to `last`, so a dive there rolls no room on the way (ch.9). */
export async function landingsTo(app: CampaignApp, last: number): Promise<void> {
  for (let f = 1; f <= last; f++)
    await app.call('board.setRoom', { floor: f, x: 2, y: 0, patch: { type: 'vault', name: `Landing ${f}` } });
}

/** The Phylactery's room on Floor 10, the Reliquary of Ash, at (x,0) (ch.16). */
export async function reliquary(
  app: CampaignApp,
  { x = 2, type = 'vault' }: { x?: number; type?: 'vault' | 'chamber' } = {},
): Promise<void> {
  await app.call('board.setRoom', {
    floor: 10,
    x,
    y: 0,
    patch: { phylactery: true, name: 'Reliquary of Ash', type },
  });
}

/**
 * The party descends to Floor 1 and a Wide Vault is set at (2,0) beside it, holding a Hex Imp that
 * casts (Magic 3, Blue, no Armor); returns the Imp's token. The fight is not yet on.
 */
export async function hexImpOnFloorOne(app: CampaignApp, health = 40): Promise<TokenView> {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  return addEnemy(app, { name: 'Hex Imp', colour: 'Blue', health, stats: { magic: 3 } });
}

/** A level-6 Witch's patch for `lichslayer.update`: all three skills and the Oneness capstone (ch.2). */
export const ONENESS_WITCH = {
  hiddenClass: 'The Witch',
  skill1: 'Commune',
  skill2: 'Familiar',
  skill3: 'Counter Magic',
  capstone: 'Oneness',
  level: 6,
} as const;
