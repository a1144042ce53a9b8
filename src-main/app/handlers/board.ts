// board.* and players.*: the Tomb board — entering floors, moving tokens (judged here, never in the
// renderer), revealing and pre-rolling rooms, prep by hand, traps, chests and the turn stack — and
// the players' own view of it.
import type { BoardView } from '@shared/board.ts';
import {
  allTokens,
  ensureRoom,
  joinTurnStack,
  nextPlacement,
  parseTrap,
  readWorld,
  roomAt,
  tokenRecord,
  turnStack,
  writeWorld,
  occupants,
} from '../../state/board.ts';
import { attentionEffects } from '../../rules/lich-attention.ts';
import { attentionStage, diveActor, divePlace, partyFloor } from '../../play/machines.ts';
import { applyDiveEvent } from '../../play/dive-events.ts';
import { DEFAULT_ENTRANCE, judgeMove, phaseRefusesMove } from '../../rules/board-moves.ts';
import { boardView } from '../../views/board-view.ts';
import { playerView } from '../../views/player-view.ts';
import { enterFloor, lichslayerToken } from '../../play/floor-entry.ts';
import { contentsFor, fillRoom, reveal } from '../../play/room-reveal.ts';
import { shrinesOf, where } from '../../play/floor-facts.ts';
import { CommandFailure } from '../../state/failures.ts';
import { setRoomByHand } from '../../play/room-prep.ts';
import { moveOne, moveToken, revealAhead } from '../../play/token-move.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { openChestBy, takeRoomGold } from '../../play/looting.ts';
import { familiarHealth } from '../../play/skills/witch.ts';
import { bondFamiliar, familiarDefeated, refuseSecondFamiliar } from '../../play/familiar-bonds.ts';

const PARTY = new Set(['lichslayer', 'retainer', 'familiar']);

export function boardHandlers(ctx: HandlerContext): HandlersOf<'board'> {
  function result(floor: number, notices: string[] = []): BoardView {
    return { ...boardView(ctx.state(), floor), ...(notices.length ? { notices } : {}) };
  }

  return {
    'board.view': ({ floor }) => boardView(ctx.state(), floor),

    'board.setWorld': (args) =>
      ctx.transact('board.setWorld', args, `World: ${Object.keys(args.patch).join(', ')}`, (ps) => {
        const next = { ...readWorld(ps), ...args.patch };
        const stage = attentionStage(ps);
        if (args.patch.festival === true && !attentionEffects(stage).festivalsAllowed)
          throw new CommandFailure(
            'refused',
            `No Festival may be held while Stage ${stage} lasts (ch.5). Nothing changed.`,
          );
        writeWorld(ps, next);
        return boardView(ps, args.floor);
      }),

    // "Enter party here": the next floor down is a descent through the dive machine with this room as
    // its entrance (RULINGS: a Judge-chosen edge room); on the party's own floor it moves the party to it.
    'board.enterFloor': (args) => {
      const notices: string[] = [];
      ctx.transact('board.enterFloor', args, `Party enters Floor ${args.floor}`, (ps) => {
        const dive = diveActor(ps).getSnapshot().context;
        const entrance = { x: args.x ?? DEFAULT_ENTRANCE.x, y: args.y ?? DEFAULT_ENTRANCE.y };
        if (dive.floor === args.floor) enterFloor(ps, args.floor, dive.present, entrance, notices);
        else if ((dive.floor ?? 0) + 1 === args.floor) applyDiveEvent(ps, { type: 'DESCEND' }, notices, entrance);
        else
          throw new CommandFailure(
            'refused',
            `${dive.floor === null ? 'The party is in the Town: a dive starts on Floor 1' : `The party is on Floor ${dive.floor}`}; floors are entered one at a time, by the stair (ch.9). Nothing changed.`,
          );
      });
      return result(args.floor, notices);
    },

    'board.placeLichslayer': (args) => {
      const notices: string[] = [];
      ctx.transact(
        'board.placeLichslayer',
        args,
        `Place a Lichslayer at ${where(args.floor, args.x, args.y)}`,
        (ps) => {
          const token = lichslayerToken(ps, args.lichslayerId);
          const refused = phaseRefusesMove(token, divePlace(ps), args.floor);
          if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
          moveOne(ps, token, args.floor, args.x, args.y, true, notices, 'board.placeLichslayer');
        },
      );
      return result(args.floor, notices);
    },

    'board.moveToken': (args) => {
      const notices: string[] = [];
      ctx.transact('board.moveToken', args, `Move to ${where(args.floor, args.x, args.y)}`, (ps) =>
        moveToken(ps, args, notices),
      );
      return result(args.floor, notices);
    },

    'board.revealRoom': (args) => {
      const notices: string[] = [];
      ctx.transact('board.revealRoom', args, `Reveal ${where(args.floor, args.x, args.y)}`, (ps) => {
        const before = roomAt(ps, args.floor, args.x, args.y);
        if (before?.revealed)
          throw new CommandFailure('refused', `${where(args.floor, args.x, args.y)} is already revealed.`);
        if (args.ahead !== undefined) return revealAhead(ps, args.ahead, args.floor, args.x, args.y, notices);
        const room = reveal(ps, args.floor, args.x, args.y, 'board.revealRoom');
        notices.push(`Revealed ${room.name} (${room.room_type})`);
      });
      return result(args.floor, notices);
    },

    'board.prerollRoom': (args) =>
      ctx.transact('board.prerollRoom', args, `Pre-roll ${where(args.floor, args.x, args.y)}`, (ps) => {
        if (args.floor === 10)
          throw new CommandFailure('refused', 'Floor 10 is not table-generated: set its rooms by hand (ch.10).');
        const room = ensureRoom(ps, args.floor, args.x, args.y);
        if (room.revealed || room.prepared)
          throw new CommandFailure(
            'refused',
            `${where(args.floor, args.x, args.y)} is already ${room.revealed ? 'revealed' : 'prepared'}.`,
          );
        fillRoom(ps, room, contentsFor(ps, args.floor, args.x, args.y, 'board.prerollRoom'), false);
        return boardView(ps, args.floor);
      }),

    'board.prerollFloor': (args) =>
      ctx.transact('board.prerollFloor', args, `Pre-roll Floor ${args.floor}`, (ps) => {
        let count = 0;
        for (let y = 0; y < 5; y++)
          for (let x = 0; x < 5; x++) {
            const room = ensureRoom(ps, args.floor, x, y);
            if (room.revealed || room.prepared) continue;
            fillRoom(ps, room, contentsFor(ps, args.floor, x, y, 'board.prerollFloor'), false);
            count++;
          }
        if (count === 0)
          throw new CommandFailure('refused', `Every room of Floor ${args.floor} is already revealed or prepared.`);
        return boardView(ps, args.floor);
      }),

    'board.setRoom': (args) => {
      ctx.transact('board.setRoom', args, `Set ${where(args.floor, args.x, args.y)}`, (ps) => setRoomByHand(ps, args));
      return boardView(ctx.state(), args.floor);
    },

    'board.resetRoom': (args) =>
      ctx.transact('board.resetRoom', args, `Clear ${where(args.floor, args.x, args.y)}`, (ps) => {
        const room = roomAt(ps, args.floor, args.x, args.y);
        if (!room) return boardView(ps, args.floor);
        const party = allTokens(ps).filter(
          (t) => t.floor === args.floor && t.x === args.x && t.y === args.y && PARTY.has(t.kind),
        );
        if (party.length)
          throw new CommandFailure(
            'refused',
            `${party.map((t) => t.name).join(', ')} stand${party.length === 1 ? 's' : ''} in that room; move them out first.`,
          );
        for (const t of allTokens(ps))
          if (t.floor === args.floor && t.x === args.x && t.y === args.y) ps.delete('token', t.id);
        ps.delete('room', room.id);
        return boardView(ps, args.floor);
      }),

    'board.disableTrap': (args) =>
      ctx.transact('board.disableTrap', args, `Disable trap at ${where(args.floor, args.x, args.y)}`, (ps) => {
        const room = roomAt(ps, args.floor, args.x, args.y);
        const trap = parseTrap(room?.trap ?? null);
        if (!room || !trap)
          throw new CommandFailure('refused', `There is no trap at ${where(args.floor, args.x, args.y)}.`);
        if (trap.disabled) throw new CommandFailure('refused', 'That trap is already disabled.');
        ps.update('room', room.id, { trap: JSON.stringify({ ...trap, disabled: true }) });
        return boardView(ps, args.floor);
      }),

    'board.openChest': (args) => {
      const notices: string[] = [];
      ctx.transact('board.openChest', args, `Open the chest at ${where(args.floor, args.x, args.y)}`, (ps) => {
        const room = roomAt(ps, args.floor, args.x, args.y);
        if (!room) throw new CommandFailure('refused', `There is no chest at ${where(args.floor, args.x, args.y)}.`);
        openChestBy(ps, room, args.lichslayerId, 'board.openChest', notices);
      });
      return result(args.floor, notices);
    },

    'board.takeGold': (args) => {
      const notices: string[] = [];
      ctx.transact('board.takeGold', args, `Gold taken at ${where(args.floor, args.x, args.y)}`, (ps) => {
        const room = roomAt(ps, args.floor, args.x, args.y);
        if (!room) throw new CommandFailure('refused', `There is no gold at ${where(args.floor, args.x, args.y)}.`);
        takeRoomGold(ps, room, args.to, 'board.takeGold', notices);
      });
      return result(args.floor, notices);
    },

    'board.addToken': (args) => {
      const notices: string[] = [];
      ctx.transact('board.addToken', args, `Add ${args.name}`, (ps) => {
        const health = familiarHealth(ps, args, notices);
        refuseSecondFamiliar(ps, args.witch, args.floor, args.name);
        const room = ensureRoom(ps, args.floor, args.x, args.y);
        if (args.kind === 'entity' && room.revealed && room.room_type) {
          const verdict = judgeMove({
            mover: { kind: 'entity', name: args.name },
            from: null,
            to: args,
            target: {
              revealed: true,
              type: room.room_type,
              occupancy: occupants(allTokens(ps), args.floor, args.x, args.y).length,
              shrines: shrinesOf(ps),
            },
            override: false,
          });
          if (verdict.kind === 'refused')
            throw new CommandFailure('refused', `${verdict.reason}. ${args.name} was not added.`);
        }
        const id = ps.insert('token', {
          kind: args.kind,
          name: args.name,
          colour: args.colour,
          floor: args.floor,
          x: args.x,
          y: args.y,
          health,
          max_health: health,
          armor: args.armor,
          hidden: args.hidden ? 1 : 0,
          stats: JSON.stringify(args.stats),
          placed_at: nextPlacement(ps),
        });
        if (room.revealed || args.kind !== 'entity') joinTurnStack(ps, id);
        if (args.witch !== undefined) bondFamiliar(ps, id, args.witch);
      });
      return result(args.floor, notices);
    },

    'board.updateToken': (args) =>
      ctx.transact('board.updateToken', args, `Token: ${Object.keys(args.patch).join(', ')}`, (ps) => {
        const rec = tokenRecord(ps, args.id);
        if (!rec) throw new CommandFailure('not-found', `No token ${args.id} on the board.`);
        const p = args.patch;
        if (rec.lichslayer_id !== null && (p.health !== undefined || p.armor !== undefined || p.name !== undefined)) {
          throw new CommandFailure(
            'refused',
            `${rec.name}'s Health, Armor and name live on their Gauntlet: edit them there.`,
          );
        }
        if (p.health !== undefined && rec.max_health !== null && p.health > rec.max_health)
          throw new CommandFailure(
            'invalid-args',
            `Health ${p.health} is above ${rec.name}'s maximum of ${rec.max_health}.`,
          );
        const patch: Record<string, unknown> = {};
        if (p.name !== undefined) patch.name = p.name;
        if (p.health !== undefined) patch.health = p.health;
        if (p.armor !== undefined) patch.armor = p.armor;
        if (p.hidden !== undefined) patch.hidden = p.hidden ? 1 : 0;
        if (p.defeated !== undefined) patch.defeated = p.defeated ? 1 : 0;
        if (p.intention !== undefined) patch.intention = p.intention;
        ps.update('token', rec.id, patch);
        if (p.defeated !== undefined && rec.kind === 'familiar') familiarDefeated(ps, rec.id, p.defeated);
        return boardView(ps, rec.floor ?? partyFloor(ps) ?? 1);
      }),

    'board.removeToken': (args) =>
      ctx.transact('board.removeToken', args, 'Remove a token', (ps) => {
        const rec = tokenRecord(ps, args.id);
        if (!rec) throw new CommandFailure('not-found', `No token ${args.id} on the board.`);
        const entry = turnStack(ps).find((e) => e.token_id === rec.id);
        if (entry) ps.delete('turn_stack', entry.id);
        ps.delete('token', rec.id);
        return boardView(ps, rec.floor ?? 1);
      }),

    'board.reorderStack': (args) =>
      ctx.transact('board.reorderStack', args, 'Reorder the turn stack', (ps) => {
        const stack = turnStack(ps);
        const known = new Set(stack.map((e) => e.token_id));
        if (args.tokenIds.length !== stack.length || !args.tokenIds.every((id) => known.has(id))) {
          throw new CommandFailure(
            'invalid-args',
            'The new order must name every entry of the turn stack exactly once.',
          );
        }
        args.tokenIds.forEach((id, position) => {
          const e = stack.find((s) => s.token_id === id)!;
          if (e.position !== position) ps.update('turn_stack', e.id, { position });
        });
        return boardView(ps, args.floor);
      }),
  };
}

export function playersHandlers(ctx: HandlerContext): HandlersOf<'players'> {
  return {
    'players.view': () => playerView(ctx.require().db, ctx.state()),
  };
}
