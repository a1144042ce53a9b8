// A scripted dive from Floor 1 to Floor 10 as a Judge plays it through the app's commands: the
// party descends by the stair, walks its tokens room by room along a snake through each floor, and
// every fight that starts is fought turn by turn (a party member attacks an enemy in its room; any
// other entrant's turn is passed) until it ends or runs long, when the Judge clears the room by hand.
import type { CampaignApp } from '../src-main/app/campaign-app.ts';
import type { CommandName } from '../src-shared/contract.ts';
import type { PhaseView } from '../src-shared/phase.ts';
import type { BoardView } from '../src-shared/board.ts';

export interface DiveTally {
  commands: number;
  refused: number;
  byName: Map<string, number>;
}

/** The rooms of a 5×5 floor in a snake from the entrance corner: each next to the one before. */
const SNAKE = Array.from({ length: 25 }, (_, i) => {
  const y = Math.floor(i / 5);
  return { x: y % 2 === 0 ? i % 5 : 4 - (i % 5), y };
});

export async function scriptedDive(app: CampaignApp, tally: DiveTally, roomsPerFloor = 11): Promise<void> {
  async function send(name: CommandName, args: unknown): Promise<unknown> {
    tally.commands++;
    tally.byName.set(name, (tally.byName.get(name) ?? 0) + 1);
    const reply = await app.dispatch(name, args);
    if (!reply.ok) {
      tally.refused++;
      return null;
    }
    return reply.value;
  }
  let phase = (await send('phase.view', {})) as PhaseView;
  for (let floor = 1; floor <= 10; floor++) {
    if (floor === 10) {
      for (const l of app.current()
        ? ((await send('campaign.current', {})) as { roster: { id: number }[] }).roster
        : [])
        await send('phase.send', { event: { type: 'ROOM_CLEARED', lichslayer: l.id } });
      await send('phase.send', { event: { type: 'OPEN_GATE' } });
    }
    phase = ((await send('phase.send', { event: { type: 'DESCEND' } })) as PhaseView | null) ?? phase;
    if (phase.dive.floor !== floor) throw new Error(`The dive did not reach Floor ${floor}: ${phase.dive.state}`);
    for (const room of SNAKE.slice(1, roomsPerFloor + 1)) {
      const board = (await send('board.view', { floor })) as BoardView;
      for (const t of board.tokens.filter((t) => t.kind === 'lichslayer' && !t.defeated)) {
        const moved = await send('board.moveToken', { tokenId: t.id, floor, x: room.x, y: room.y });
        if (moved === null)
          await send('board.moveToken', { tokenId: t.id, floor, x: room.x, y: room.y, override: true });
      }
      phase = (await send('phase.view', {})) as PhaseView;
      for (let turn = 0; phase.combat && turn < 40; turn++) {
        const current = phase.combat.entrants.find((e) => e.tokenId === phase.combat!.currentTokenId);
        if (current?.party && current.lichslayerId !== null) {
          // At 0 Health the player presses on at 1 (ch.11) before attacking.
          if (current.health === 0)
            await send('fight.atZero', { lichslayerId: current.lichslayerId, choice: 'press-on' });
          const enemy = phase.combat.entrants.find((e) => !e.party && (e.health ?? 1) > 0);
          if (enemy) await send('fight.attack', { attacker: current.lichslayerId, target: enemy.tokenId });
        }
        phase =
          ((await send('phase.nextTurn', {})) as PhaseView | null) ?? ((await send('phase.view', {})) as PhaseView);
      }
      if (phase.combat)
        phase = ((await send('phase.send', { event: { type: 'COMBAT_OVER' } })) as PhaseView | null) ?? phase;
    }
  }
}
