// The class skills (ch.2) the board offers now: for each Lichslayer on the floor, the skills that apply
// to each room and each token, with the arguments skill.use takes. Which skill applies where (Charge's
// straight line, Maneuver's one step, Commune's reach two floors ahead, a trap to disarm, an enemy in the
// room) is decided here, once, so the screens only show the offers. skill.use still checks every limit.
import type { RoomView, SkillOffer, TokenView } from '@shared/board.ts';
import type { SkillChoice } from '@shared/contract/skill-args.ts';
import { skillNamed, type SkillDef } from '../rules/skills.ts';
import { lifeRecord } from '../state/life-records.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { rosterRows } from '../state/roster.ts';
import type { PlayReader } from '../state/session.ts';

/** ch.2 enhanced Commune reads a room two floors ahead; the Tombs' last rolled floor is 9. */
const COMMUNE_AHEAD = 2;
const LAST_ROLLED_FLOOR = 9;

/** The skills a Lichslayer holds, by their book names whatever case they were written in. */
function heldSkills(l: LichslayerRow): SkillDef[] {
  return [l.skill1, l.skill2, l.skill3, l.capstone]
    .map((name) => (name.trim() ? skillNamed(name) : undefined))
    .filter((k): k is SkillDef => !!k);
}

const placed = (t: TokenView): t is TokenView & { x: number; y: number; floor: number } =>
  t.floor !== null && t.x !== null && t.y !== null;

/** Skills that offer something aimed at a room or at a token: the others are skipped before the loops. */
const ROOM_SKILLS = new Set(['Commune', 'Charge', 'Maneuver', 'Predict', 'Identify']);
const TOKEN_SKILLS = new Set([
  'Diagnose and Bandage',
  'Cure',
  'Command',
  'Retainers',
  'Family Heirloom',
  'Influence',
  'Oneness',
]);

const roomKey = (x: number, y: number) => x * 16 + y;

export function skillOffers(
  ps: PlayReader,
  floor: number,
  rooms: readonly RoomView[],
  tokens: readonly TokenView[],
  inFight: boolean,
): SkillOffer[] {
  const offers: SkillOffer[] = [];
  const here = tokens.filter((t) => placed(t) && t.floor === floor);
  // Built for every change on a full floor: each room's enemies and Lichslayers found once, not per skill and room.
  const enemiesByRoom = new Map<number, TokenView[]>();
  const lichslayersByRoom = new Map<number, TokenView[]>();
  for (const t of here) {
    const by = t.kind === 'entity' && !t.defeated ? enemiesByRoom : t.kind === 'lichslayer' ? lichslayersByRoom : null;
    if (!by) continue;
    const key = roomKey(t.x!, t.y!);
    const list = by.get(key);
    if (list) list.push(t);
    else by.set(key, [t]);
  }
  const none: readonly TokenView[] = [];
  const enemiesIn = (x: number, y: number) => enemiesByRoom.get(roomKey(x, y)) ?? none;
  for (const l of rosterRows(ps)) {
    // Room offers need the Lichslayer standing on this floor; token offers reach from anywhere (skill.use says if not).
    const t = here.find((k) => k.kind === 'lichslayer' && k.lichslayerId === l.id && !k.defeated) ?? null;
    const held = heldSkills(l);
    if (!held.length) continue;
    const enhanced = new Set(lifeRecord(ps, l.id).enhanced.map((k) => k.toLowerCase()));
    const add = (
      o: Omit<SkillOffer, 'lichslayerId' | 'hidden' | 'rollsDice'> & { hidden?: boolean; rollsDice?: boolean },
    ) =>
      offers.push({
        lichslayerId: l.id,
        hidden: false,
        rollsDice: skillNamed(o.use.skill)?.rollsDice ?? false,
        ...o,
        label: `${l.name}: ${o.label}`,
      });
    for (const k of held) {
      const isEnhanced = enhanced.has(k.name.toLowerCase());
      if (t && placed(t) && (k.board || ROOM_SKILLS.has(k.name))) roomOffers(k, t, isEnhanced);
      if (TOKEN_SKILLS.has(k.name)) tokenOffers(k, isEnhanced);
    }

    function roomOffers(k: SkillDef, t: TokenView & { x: number; y: number }, isEnhanced: boolean): void {
      const allies = (lichslayersByRoom.get(roomKey(t.x, t.y)) ?? none).filter((a) => a.id !== t.id);
      for (const r of rooms) {
        const at = { x: r.x, y: r.y };
        const inRoom = t.x === r.x && t.y === r.y;
        const steps = Math.abs(t.x - r.x) + Math.abs(t.y - r.y);
        const room = (label: string, use: SkillChoice, hidden = false, rollsDice?: boolean) =>
          add({ label, aim: 'room', room: at, tokenId: null, use, hidden, ...(rollsDice ? { rollsDice } : {}) });
        const skill = k.name;
        if ((skill === 'Recall' || skill === 'Commune') && !r.revealed)
          room(`${skill} reveals this room`, { skill, rooms: [at] });
        if (skill === 'Break' && !inRoom) {
          room(`${skill} into this room`, { skill, rooms: [at] });
          for (const e of enemiesIn(r.x, r.y))
            room(`${skill} in, attacking ${e.name}`, { skill, rooms: [at], tokenId: e.id }, e.hidden);
        }
        if (skill === 'Break' && inRoom && inFight && isEnhanced)
          room(`${skill} — hold this doorway`, { skill, block: true });
        if (skill === 'Disarm' && inRoom && r.trap && !r.trap.disabled) {
          room(`${skill} the trap`, { skill });
          // ch.2: only from sneak does the enhanced Disarm roll, the mechanism on the Loot Table.
          if (isEnhanced) room(`${skill} the trap from sneak`, { skill, sneak: true }, false, true);
        }
        if (skill === 'Commune' && isEnhanced && floor + COMMUNE_AHEAD <= LAST_ROLLED_FLOOR)
          room(`${skill} reads (${r.x + 1},${r.y + 1}) on Floor ${floor + COMMUNE_AHEAD}`, {
            skill,
            rooms: [at],
            ahead: true,
          });
        if (skill === 'Burgle' && inRoom)
          for (const e of enemiesIn(r.x, r.y)) room(`${skill} ${e.name}`, { skill, tokenId: e.id }, e.hidden);
        // ch.2: Charge runs in a straight line, along a row or a column.
        if (skill === 'Charge' && !inRoom && (t.x === r.x || t.y === r.y))
          room('Charge to this room', { skill, rooms: [at] });
        // ch.2: Maneuver takes one step, alone or with an ally from the same room.
        if (skill === 'Maneuver' && steps === 1) {
          room('Maneuver here', { skill, rooms: [at] });
          for (const a of allies) room(`Maneuver here with ${a.name}`, { skill, rooms: [at], tokenId: a.id });
        }
        if (skill === 'Predict' || skill === 'Identify')
          for (const e of enemiesIn(r.x, r.y)) room(`${skill} ${e.name}`, { skill, tokenId: e.id }, e.hidden);
      }
    }

    function tokenOffers(k: SkillDef, isEnhanced: boolean): void {
      for (const target of here) {
        if (k.name === 'Oneness') {
          // ch.2, ch.16: a body she can see on her floor, the Phylactery too; one at a time.
          if (t && !target.hidden && !target.defeated && target.id !== t.id && l.inhabits === null)
            add({
              label: `Inhabit ${target.name} (Oneness)`,
              aim: 'token',
              room: { x: target.x!, y: target.y! },
              tokenId: target.id,
              use: { skill: 'Oneness', tokenId: target.id },
            });
          continue;
        }
        if (target.kind === 'phylactery' || target.defeated) continue;
        const on = (label: string, use: SkillChoice) =>
          add({
            label,
            aim: 'token',
            room: { x: target.x!, y: target.y! },
            tokenId: target.id,
            use,
            hidden: target.hidden,
          });
        const self = target.lichslayerId === l.id;
        const skill = k.name;
        if (skill === 'Diagnose and Bandage') on('Bandage', { skill, tokens: [target.id] });
        if (skill === 'Cure') on('Cure', { skill, tokenId: target.id });
        if (skill === 'Command' && !self) on('Command', { skill, tokens: [target.id] });
        if (skill === 'Retainers' && target.kind === 'retainer')
          on(`${target.name} tells`, { skill, tokenId: target.id, rooms: [{ x: target.x!, y: target.y! }] });
        if (skill === 'Family Heirloom' && isEnhanced && !self) on('Heirloom covers', { skill, tokenId: target.id });
        if (skill === 'Influence') {
          const hostile = target.kind === 'entity';
          on(`Influence ${hostile ? '−' : '+'}`, {
            skill,
            tokenId: target.id,
            influence: hostile ? 'subtract' : 'add',
          });
        }
      }
    }
  }
  return offers;
}
