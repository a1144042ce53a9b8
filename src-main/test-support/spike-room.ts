// The room the trap tests send a Lichslayer into (ch.9): revealed on Floor 1 at (3,0), armed with a
// Spiked floor that deals 2d6 through Armor. One scene for the command tests and the browser's.
import type { ArgsOf } from '../../src-shared/contract.ts';

export const SPIKE_ROOM: ArgsOf<'board.setRoom'> = {
  floor: 1,
  x: 3,
  y: 0,
  patch: {
    type: 'chamber',
    name: 'Spike Room',
    trap: { label: 'Spiked floor', disabled: false, effect: { damage: '2d6', bypassArmor: true } },
  },
  revealed: true,
};
