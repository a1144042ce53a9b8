// A full floor, as the heaviest board a Judge runs: the party taken down to Floor 7 by the stair,
// its 25 rooms revealed as vaults, and entities added until the floor holds 60 tokens. The party
// walks between the entrance and the room beside it, so those two rooms hold no entity.
import type { CampaignApp } from '../src-main/app/campaign-app.ts';
import { descendTo } from '../src-main/test-support/temp-app.ts';

export const FULL_FLOOR = 7;

export async function fillFloor(app: CampaignApp): Promise<void> {
  await descendTo(app, FULL_FLOOR);
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 5; x++)
      await app.call('board.setRoom', {
        floor: FULL_FLOOR,
        x,
        y,
        patch: { type: 'vault', name: `Vault ${x + 1},${y + 1}` },
        revealed: true,
      });
  const colours = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange'] as const;
  const rooms = Array.from({ length: 25 }, (_, i) => ({ x: i % 5, y: Math.floor(i / 5) })).filter(
    (r) => !(r.y === 0 && (r.x === 1 || r.x === 2)),
  );
  let board = await app.call('board.view', { floor: FULL_FLOOR });
  for (let n = 0; board.tokens.length < 60; n++) {
    const r = rooms[n % rooms.length]!;
    board = await app.call('board.addToken', {
      kind: 'entity',
      name: `Shade ${n}`,
      colour: colours[n % 6]!,
      floor: FULL_FLOOR,
      x: r.x,
      y: r.y,
      health: 20,
      armor: 2,
    });
  }
}

/** Both screens listening, as the web host attaches them. */
export interface Screens {
  /** Pushes sent so far, to either screen. */
  pushes(): number;
  /** Resolves once the Judge's screen has been sent its next push (the players' goes out with it). */
  nextPush(): Promise<void>;
  detach(): void;
}

/**
 * Both hosts' listeners, as the web host attaches them: a Judge's screen and a players' screen,
 * each push made into the JSON a socket would carry.
 */
export function attachScreens(app: CampaignApp): Screens {
  let pushes = 0;
  let waiting: (() => void)[] = [];
  const send = (push: unknown) => {
    if (JSON.stringify(push).length > 0) pushes++;
  };
  const judge = app.subscribe((push) => {
    send(push);
    // The players' push follows in the same turn of the event loop: resolve after it.
    const done = waiting;
    waiting = [];
    if (done.length) setImmediate(() => done.forEach((resolve) => resolve()));
  });
  const players = app.subscribePlayers(send);
  return {
    pushes: () => pushes,
    nextPush: () => new Promise((resolve) => waiting.push(resolve)),
    detach: () => (judge(), players()),
  };
}
