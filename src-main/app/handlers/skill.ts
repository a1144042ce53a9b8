// skill.*: using a class skill (rulebook ch.2): the skill must be held and not passive, its usage limit
// unspent; skills that act on the board go through the same board work as any move, so the
// players' screen and the ledger stay right. Every use is recorded for limits and capstones.
import { allTokens, parseTrap, roomAt } from '../../state/board.ts';
import { currentSession } from '../../state/sessions.ts';
import { burglesOf, recordSkillUse, usesForCapstone, usesForLimit } from '../../state/skill-uses.ts';
import { lifeRecord, writeLifeRecord } from '../../state/life-records.ts';
import {
  burgledAlready,
  burgleKeeps,
  capstoneProgress,
  classSkill,
  limitReached,
  skillNamed,
  type SkillUse,
} from '../../rules/skills.ts';
import { rollOnTable } from '../../tables/table-roll.ts';
import { CommandFailure } from '../../state/failures.ts';
import { lichslayerMagic } from '../../play/casting.ts';
import { heldInfluence } from '../../state/gauntlet.ts';
import { holdsSkill, requireLichslayer } from '../../state/lichslayer.ts';
import { today } from '../../state/town.ts';
import { addToInventory } from '../../state/inventory.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { revealRoom } from '../../play/board.ts';
import { combatActor, diveActor, stored } from '../../play/machines.ts';
import { prepareInCoat, stealDeclaredSpell, writeScrollOf } from '../../play/cast-sources.ts';
import { skillMoment } from '../../play/fight-state.ts';
import { bandageTokens, crushToken } from '../../play/fight.ts';
import { communeAhead } from '../../play/skills/witch.ts';
import {
  atZeroHealth,
  countHealsFromZero,
  cureToken,
  liftAfterBandage,
  chooseRefill,
} from '../../play/skills/doctor.ts';
import {
  chooseHeirloomCover,
  commandTargets,
  retainerIntel,
  influenceRoll,
  excusePay,
} from '../../play/skills/aristocrat.ts';
import { cheatRoll, recoverMechanism } from '../../play/skills/bandit.ts';
import { enhancedSkill, skillGrantColumns } from '../../play/skills/skill-facts.ts';
import { identify, inscribe, predict } from '../../play/skills/scholar.ts';
import { maneuver, rallyAround, recallRichest } from '../../play/skills/veteran.ts';
import { breakIn, charge, holdDoorway } from '../../play/skills/breaker.ts';

const at = (floor: number, x: number, y: number) => `F${floor} (${x + 1},${y + 1})`;

export function skillHandlers(ctx: HandlerContext): HandlersOf<'skill'> {
  return {
    'skill.points': (args) =>
      ctx.transact('skill.points', args, `Skill points ${args.delta > 0 ? '+' : ''}${args.delta}`, (ps) => {
        const l = requireLichslayer(ps, args.id);
        const r = lifeRecord(ps, args.id);
        const points = r.skillPoints + args.delta;
        if (points < 0)
          throw new CommandFailure(
            'refused',
            `${l.name} has ${r.skillPoints} Skill Points: cannot take ${-args.delta}. Nothing changed.`,
          );
        writeLifeRecord(ps, args.id, { ...r, skillPoints: points });
        return { day: today(ps), notes: [`${l.name}: ${points} Skill Point${points === 1 ? '' : 's'} (ch.2)`] };
      }),
    'skill.spendPoint': (args) =>
      ctx.transact('skill.spendPoint', args, `Skill Point: ${args.action}`, (ps) => {
        const l = requireLichslayer(ps, args.id);
        const r = lifeRecord(ps, l.id);
        if (r.skillPoints < 1)
          throw new CommandFailure('refused', `${l.name} has no Skill Points to spend (ch.2). Nothing changed.`);
        const notes: string[] = [];
        if (args.action === 'unlock') {
          // ch.2: a point unlocks Skill 2 or Skill 3 (the next not yet held); Skill 1 comes with level 2.
          if (!l.skill1)
            throw new CommandFailure(
              'refused',
              `${l.name} must reach level 2 and hold Skill 1 first (ch.2). Nothing changed.`,
            );
          const slot = !l.skill2 ? 2 : !l.skill3 ? 3 : null;
          const skill = slot ? classSkill(l.hidden_class, slot) : undefined;
          if (!slot || !skill)
            throw new CommandFailure(
              'refused',
              `${l.name} already holds every skill their class can unlock (ch.2). Nothing changed.`,
            );
          ps.update('lichslayer', l.id, {
            [`skill${slot}`]: skill.name,
            ...skillGrantColumns(l, { [`skill${slot}`]: skill.name }, notes),
          });
          notes.push(`${l.name} unlocks Skill ${slot}: ${skill.name} (ch.2)`);
        } else {
          const held = [l.skill1, l.skill2, l.skill3].some(
            (k) => k && k.toLowerCase() === (args.skill ?? '').toLowerCase(),
          );
          if (!args.skill || !held)
            throw new CommandFailure('refused', `Enhance a skill ${l.name} holds (ch.2). Nothing changed.`);
          const name = skillNamed(args.skill)?.name ?? args.skill;
          if (r.enhanced.includes(name))
            throw new CommandFailure(
              'refused',
              `${name} is enhanced already: each skill once (ch.2). Nothing changed.`,
            );
          writeLifeRecord(ps, l.id, { ...r, enhanced: [...r.enhanced, name] });
          notes.push(`${l.name} enhances ${name} (ch.2)`);
        }
        writeLifeRecord(ps, l.id, { ...lifeRecord(ps, l.id), skillPoints: r.skillPoints - 1 });
        return { day: today(ps), notes };
      }),
    'skill.use': (args) => {
      return ctx.transact('skill.use', args, `Skill: ${args.skill}`, (ps) => {
        const l = requireLichslayer(ps, args.id);
        const held = holdsSkill(l, args.skill);
        const def = skillNamed(args.skill);
        if (!held)
          throw new CommandFailure(
            'refused',
            `${l.name} does not hold ${args.skill}: skills unlock at levels 2, 4 and 6 (ch.2). Nothing changed.`,
          );
        if (!def)
          throw new CommandFailure(
            'refused',
            `${args.skill} is not a class skill the app knows: record its effect by hand. Nothing changed.`,
          );
        // ch.2: Family Heirloom enhanced adds a choice each Round (whom it covers), made through skill.use.
        // ch.2: Retainers give floor intelligence, asked of one Retainer (its token) through skill.use.
        // ch.2: passive skills act through skill.use only with their choice: the Doctor's Coat (a spell), Retainers (a Retainer, a pay holiday), Medicine Bay (a refill).
        if (
          def.kind === 'passive' &&
          !(def.name === 'Family Heirloom' && enhancedSkill(ps, l, def.name)) &&
          !(def.name === 'Retainers' && (args.tokenId || args.holiday !== undefined)) &&
          !(def.name === 'Medicine Bay' && args.refill) &&
          !(def.name === 'Doctor’s Coat of Arms' && args.spell)
        )
          throw new CommandFailure(
            'refused',
            `${def.name} is passive: it is always in effect (ch.2). Nothing changed.`,
          );
        const day = today(ps);
        const dive = diveActor(ps).getSnapshot().context;
        const combat = stored(ps, 'machine:combat') ? combatActor(ps).getSnapshot().context : null;
        const moment = skillMoment(ps, {
          floor: dive.floor,
          manifested: String(diveActor(ps).getSnapshot().value) === 'manifestation',
        });
        const now = {
          session: currentSession(ps),
          day,
          floor: dive.floor,
          ...moment,
          round: moment.fight !== null ? (combat?.round ?? null) : null,
          turn: moment.fight !== null && combat ? combat.acted.length : null,
        };
        const spent = limitReached(
          def,
          usesForLimit(ps, l.id, def.name, now),
          now,
          l.id,
          lifeRecord(ps, l.id).enhanced.includes(def.name),
        );
        if (spent) throw new CommandFailure('refused', `${spent}. Nothing changed.`);

        const notes: string[] = [];
        const token = allTokens(ps).find((t) => t.lichslayerId === l.id);
        const here =
          token && token.floor !== null && token.x !== null && token.y !== null
            ? { floor: token.floor, x: token.x, y: token.y }
            : null;
        const magic = lichslayerMagic(ps, l.id);
        let target: string | undefined;
        let faction: string | undefined;
        let burgled: { tokenId: number; success: boolean } | undefined;
        let influenced: boolean | undefined;
        let informant: number | undefined;
        const needHere = () => {
          if (!here)
            throw new CommandFailure(
              'refused',
              `${l.name} is not on the board: ${def.name} acts in the Tombs. Nothing changed.`,
            );
          return here;
        };
        const rooms = args.rooms ?? [];
        switch (def.board) {
          case 'reveal': {
            const pos = needHere();
            if (def.name === 'Recall') {
              // ch.2: up to Magic rooms of the current floor, without entering them.
              if (rooms.length === 0)
                throw new CommandFailure('invalid-args', 'Choose the rooms Recall reveals. Nothing changed.');
              if (rooms.length > magic)
                throw new CommandFailure(
                  'refused',
                  `Recall reveals up to Magic rooms: ${l.name} has Magic ${magic} and chose ${rooms.length} (ch.2). Nothing changed.`,
                );
              for (const r of rooms) revealRoom(ps, pos.floor, r.x, r.y, notes, l.name);
              if (lifeRecord(ps, l.id).enhanced.includes('Recall')) recallRichest(ps, pos.floor, notes);
            } else {
              // Commune: every room within 1 space, or one room up to Magic spaces away (ch.2).
              if (args.ahead) {
                communeAhead(ps, l, pos.floor, rooms, notes);
                break;
              }
              const [r] = rooms;
              if (!r || rooms.length > 1)
                throw new CommandFailure('invalid-args', 'Choose one room for Commune. Nothing changed.');
              const steps = Math.abs(r.x - pos.x) + Math.abs(r.y - pos.y);
              if (steps <= 1) {
                for (const [dx, dy] of [
                  [0, 0],
                  [1, 0],
                  [-1, 0],
                  [0, 1],
                  [0, -1],
                ] as const) {
                  const x = pos.x + dx;
                  const y = pos.y + dy;
                  if (x >= 0 && x < 5 && y >= 0 && y < 5) revealRoom(ps, pos.floor, x, y, notes, l.name);
                }
              } else if (steps <= magic) revealRoom(ps, pos.floor, r.x, r.y, notes, l.name);
              else
                throw new CommandFailure(
                  'refused',
                  `Commune reaches one room up to Magic spaces away: that room is ${steps} away and ${l.name} has Magic ${magic} (ch.2). Nothing changed.`,
                );
            }
            if (!notes.length) notes.push('Every room chosen was already revealed');
            break;
          }
          case 'disarm': {
            const pos = needHere();
            const room = roomAt(ps, pos.floor, pos.x, pos.y);
            const trap = parseTrap(room?.trap ?? null);
            if (!room || !trap || trap.disabled)
              throw new CommandFailure(
                'refused',
                `There is no armed trap in ${l.name}'s room: Disarm works on the current room (ch.2). Nothing changed.`,
              );
            ps.update('room', room.id, { trap: JSON.stringify({ ...trap, disabled: true }) });
            notes.push(
              `${l.name} disarms ${trap.label} at ${at(pos.floor, pos.x, pos.y)}: it triggers for no one for the rest of the dive (ch.2)`,
            );
            recoverMechanism(ps, l, trap.label, args.sneak, notes);
            break;
          }
          case 'break': {
            needHere();
            const [r] = rooms;
            if (args.block) holdDoorway(ps, l, lifeRecord(ps, l.id).enhanced.includes(def.name), notes);
            else if (!r || !token)
              throw new CommandFailure('invalid-args', 'Choose the room Break enters. Nothing changed.');
            else target = breakIn(ps, l, r, args.tokenId, notes);
            break;
          }
          case 'burgle': {
            const pos = needHere();
            const victim = args.tokenId ? allTokens(ps).find((t) => t.id === args.tokenId) : undefined;
            if (args.tokenId && (!victim || victim.floor !== pos.floor || victim.x !== pos.x || victim.y !== pos.y)) {
              throw new CommandFailure(
                'refused',
                `Burgle takes from an enemy in ${l.name}'s own room. Nothing changed.`,
              );
            }
            if (victim) {
              const again = burgledAlready(burglesOf(ps, victim.id), victim.id, victim.name);
              if (again) throw new CommandFailure('refused', `${again}. Nothing changed.`);
            }
            const found = ps.roll('skill.use', ({ dice, tables, drawn }) => {
              const cause = `${l.name} Burgles${victim ? ` ${victim.name}` : ''}`;
              // ch.1, ch.13: the Influence dice the Bandit's equipped loot holds are added to the loot roll.
              const node = rollOnTable({ dice, tables, drawn, cause }, 'loot', {
                floor: pos.floor,
                influence: heldInfluence(ps, l),
              });
              const colour =
                (node.row !== null ? tables.get('loot')?.rows[node.row]?.loot?.colour : undefined) ?? 'Colourless';
              // ch.2: from an entity, only loot of its colour or of Any colour is kept.
              const verdict = victim ? burgleKeeps(colour, victim.colour) : { kept: true, explain: '' };
              const explain = verdict.explain ? `${node.explain}; ${verdict.explain}` : node.explain;
              return {
                value: { label: node.label, kept: verdict.kept, why: verdict.explain },
                records: [{ cause, table: 'loot', floor: pos.floor, character: l.name, explain, result: node }],
              };
            });
            if (found.kept) {
              addToInventory(ps, l.id, found.label);
              notes.push(
                `${l.name} Burgles ${found.label}${victim ? ` from ${victim.name}` : ''}: secured at once (ch.2)${found.why ? `; ${found.why}` : ''}`,
              );
            } else notes.push(`${l.name} Burgles ${victim!.name} and rolls ${found.label}: ${found.why}`);
            if (victim) {
              target = victim.name;
              burgled = { tokenId: victim.id, success: found.kept };
            }
            break;
          }
          default: {
            if (def.name === 'Rally') rallyAround(ps, l, notes);
            else if (def.name === 'Maneuver')
              target = maneuver(ps, l, args.tokenId, rooms[0], usesForLimit(ps, l.id, def.name, now), now, notes);
            else if (def.name === 'Scrolls and Ink' && args.spell)
              target = writeScrollOf(ps, l, args.spell, magic, notes);
            else if (def.name === 'Doctor’s Coat of Arms' && args.spell)
              target = prepareInCoat(ps, l, args.spell, magic, notes);
            else if (def.name === 'Counter Magic' && args.spell)
              target = stealDeclaredSpell(ps, l, args.tokenId, args.spell, now.round, notes);
            else if (def.name === 'Scrolls and Ink')
              target = inscribe(ps, l, args.inscribe, lifeRecord(ps, l.id).enhanced.includes(def.name), notes);
            else if (def.name === 'Predict') target = predict(ps, l, args.tokenId, notes);
            else if (def.name === 'Charge')
              charge(ps, l, rooms[0], lifeRecord(ps, l.id).enhanced.includes(def.name), notes);
            else if (def.name === 'Crush') target = crushToken(ps, l, args.tokenId, args.crush, notes);
            else if (def.name === 'Diagnose and Bandage') {
              const wereAtZero = atZeroHealth(ps, args.tokens);
              bandageTokens(ps, l, args.tokens, lifeRecord(ps, l.id).enhanced.includes(def.name), notes);
              liftAfterBandage(ps, l, args.tokens, args.lift, notes);
              countHealsFromZero(ps, l, wereAtZero, notes);
            } else if (def.name === 'Cure') target = cureToken(ps, l, args.tokenId, args.ailment, notes);
            else if (def.name === 'Cheat') target = cheatRoll(ps, l, args.rollId, args.keep, notes);
            else if (def.name === 'Command')
              target = commandTargets(ps, l, args.tokens, enhancedSkill(ps, l, def.name), notes);
            else if (def.name === 'Medicine Bay' && args.refill) target = chooseRefill(ps, l, args.refill, notes);
            else if (def.name === 'Retainers' && args.holiday !== undefined)
              target = excusePay(ps, l, args.holiday, day, notes);
            else if (def.name === 'Retainers') {
              const told = retainerIntel(
                ps,
                l,
                args.tokenId,
                rooms,
                (tokenId) =>
                  usesForLimit(ps, l.id, def.name, now).some((u) => u.tokenId === tokenId && u.visit === now.visit),
                notes,
              );
              target = told.target;
              informant = told.tokenId;
            } else if (def.name === 'Family Heirloom') target = chooseHeirloomCover(ps, l, args.tokenId, notes);
            else if (def.name === 'Influence')
              ({ target, success: influenced } = influenceRoll(ps, l, args.tokenId, args.influence, notes));
            else if (def.name === 'Identify') ({ target, faction } = identify(ps, l, args.tokenId, args.item, notes));
            else notes.push(`${l.name} uses ${def.name} (ch.2)`);
          }
        }
        const record: SkillUse = {
          lichslayerId: l.id,
          skill: def.name,
          ...now,
          ...(target ? { target } : {}),
          ...(faction ? { faction } : {}),
          ...(burgled ?? {}),
          ...(influenced !== undefined ? { success: influenced } : {}),
          ...(informant !== undefined ? { tokenId: informant } : {}),
        };
        recordSkillUse(ps, record);
        // ch.2: the capstone unlocks once all three skills are held and its condition is met.
        const progress = capstoneProgress(l.hidden_class, usesForCapstone(ps, l.id, l.hidden_class), l.id);
        if (progress && progress.have >= progress.need && !l.capstone && l.skill1 && l.skill2 && l.skill3) {
          ps.update('lichslayer', l.id, { capstone: progress.capstone });
          notes.push(`${l.name}'s capstone condition is met: ${progress.capstone} unlocks (ch.2)`);
        }
        return { day, notes };
      });
    },
  };
}
