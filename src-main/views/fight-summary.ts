// A fight summed up from the undo steps it recorded, from the step that started its rounds to the
// one that closed them: Health and Armor each entrant lost, what each one's attacks took from
// others, who was felled by whom, the XP, loot and gold gained, Sanity lost, items broken, and the
// rolls made in it.
import type { FightEntrant, FightSummary } from '@shared/journal.ts';
import type { JournalRollRecord, JournalStepRecord } from '../db/journal-records.ts';
import { roomLabel } from '../state/board.ts';
import { itemBroken, itemGained, lichslayerGains, num, SanityPath, Sums, type StoryNames } from './story-rows.ts';

const PARTY_KINDS = new Set(['lichslayer', 'retainer', 'familiar']);
/** The step label an attack, or damage with a named author, is recorded under: "Attack: <attacker> → <target>". */
const ATTACK = /^(?:Attack|Damage): (.+?) → (.+)$/;

export class FightTally {
  private readonly entrants = new Map<string, FightEntrant>();
  private readonly felled: FightSummary['felled'] = [];
  private readonly xp = new Sums();
  private readonly gold = new Sums();
  private readonly loot: FightSummary['loot'] = [];
  private readonly broken: FightSummary['broken'] = [];
  private readonly sanity = new SanityPath();
  private readonly rolls: string[] = [];
  private rounds = 0;
  private room: string | null = null;

  constructor(
    private readonly session: number,
    private readonly start: JournalStepRecord,
    private readonly floor: number | null,
    private readonly names: StoryNames,
  ) {}

  private entrant(name: string, side: FightEntrant['side']): FightEntrant {
    let e = this.entrants.get(name);
    if (!e) this.entrants.set(name, (e = { name, side, dealt: 0, taken: 0, armorLost: 0 }));
    return e;
  }

  /** The fight's entrants as its rounds began, so one who neither hit nor was hit is listed too. */
  enter(order: readonly { tokenId: number; party: boolean }[]): void {
    for (const o of order) this.entrant(this.names.token(o.tokenId), o.party ? 'party' : 'enemies');
  }

  /** One step of the fight: its row images and the rolls it made. */
  read(step: JournalStepRecord, round: number, rolls: JournalRollRecord[]): void {
    this.rounds = Math.max(this.rounds, round);
    const attacker = ATTACK.exec(step.label)?.[1] ?? null;
    let dealt = 0;
    const xpNow: string[] = [];
    const down: string[] = [];
    for (const c of step.changes) {
      this.sanity.read(c);
      const gains = lichslayerGains(c);
      if (gains) {
        const name = String(c.after!.name);
        const e = this.entrant(name, 'party');
        e.taken += gains.health;
        e.armorLost += gains.armor;
        if (name !== attacker) dealt += gains.health;
        this.xp.add(name, gains.xp);
        this.gold.add(name, gains.gold);
        if (gains.xp) xpNow.push(name);
        if (num(c.before!.health) > 0 && num(c.after!.health) === 0) down.push(name);
        continue;
      }
      const gained = itemGained(c, this.names, step.changes);
      if (gained) this.loot.push(gained);
      const broke = itemBroken(c, this.names, step.changes);
      if (broke) this.broken.push(broke);
      if (c.table !== 'token') continue;
      const image = (c.after ?? c.before)!;
      if (this.room === null && typeof image.x === 'number' && typeof image.y === 'number' && image.floor)
        this.room = roomLabel(num(image.floor), image.x, image.y);
      // A Lichslayer's Health lives on their own row (above); a token's on the token.
      if (image.kind === 'lichslayer' || !c.before || !c.after) continue;
      const name = String(c.after.name);
      const e = this.entrant(name, PARTY_KINDS.has(String(c.after.kind)) ? 'party' : 'enemies');
      const lost = Math.max(0, num(c.before.health) - num(c.after.health));
      e.taken += lost;
      e.armorLost += Math.max(0, num(c.before.armor) - num(c.after.armor));
      if (name !== attacker) dealt += lost;
      if (!c.before.defeated && c.after.defeated) down.push(name);
    }
    if (attacker && dealt) this.entrant(attacker, this.entrants.get(attacker)?.side ?? 'party').dealt += dealt;
    // Damage by the Judge's hand names its author in its label; else its XP tells who (ch.1).
    const by = attacker ?? (xpNow.length === 1 ? xpNow[0]! : null);
    for (const name of down) this.felled.push({ name, by });
    for (const r of rolls) this.rolls.push(`${r.cause}: ${r.explain}`);
  }

  finish(endedAt: string | null): FightSummary {
    return {
      session: this.session,
      startedAt: this.start.at,
      endedAt,
      floor: this.floor,
      room: this.room,
      rounds: this.rounds,
      entrants: [...this.entrants.values()],
      felled: this.felled,
      xp: this.xp.list(),
      loot: this.loot,
      gold: this.gold.list(),
      sanity: this.sanity.list(),
      broken: this.broken,
      notableRolls: this.rolls,
    };
  }
}
