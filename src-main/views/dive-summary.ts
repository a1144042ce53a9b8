// A dive summed up from the undo steps between the descent from the Town and the return to it (or
// the party's fall): floors reached and cleared, rooms entered, fights, gold and loot gained, XP, who reached
// 0 Health and who was lost for good, each Lichslayer's Sanity from the first step to the last, the
// Health each dealt and took in its fights, and the items broken.
import type { DiveSummary, FightSummary } from '@shared/journal.ts';
import type { JournalStepRecord } from '../db/journal-records.ts';
import { roomLabel } from '../state/board.ts';
import { itemBroken, itemGained, lichslayerGains, num, SanityPath, Sums, type StoryNames } from './story-rows.ts';

export class DiveTally {
  private readonly floors = new Set<number>();
  private readonly rooms: string[] = [];
  private fights = 0;
  private readonly gold = new Sums();
  private readonly xp = new Sums();
  private readonly loot: DiveSummary['loot'] = [];
  private readonly broken: DiveSummary['broken'] = [];
  private readonly sanity = new SanityPath();
  /** Health each Lichslayer dealt and took, summed from the dive's fights. */
  private readonly damage = new Map<string, { name: string; dealt: number; taken: number }>();
  private readonly zero = new Map<number, string>();

  /** `start` is null when the session opened with the dive already under way. */
  constructor(
    private readonly session: number,
    private readonly start: JournalStepRecord | null,
    /** Lichslayers lost for good before the dive began (the dive machine keeps the campaign's list). */
    private readonly lostBefore: readonly number[],
    /** Floors cleared before the dive began (the dive machine keeps the campaign's list too). */
    private readonly clearedBefore: readonly number[],
  ) {}

  fightStarted(): void {
    this.fights++;
  }

  /** A fight of the dive has ended: its party's Lichslayers' damage counts toward the dive's. */
  fightEnded(f: FightSummary, party: readonly string[]): void {
    for (const e of f.entrants) {
      if (e.side !== 'party' || !party.includes(e.name)) continue;
      const d = this.damage.get(e.name) ?? { name: e.name, dealt: 0, taken: 0 };
      this.damage.set(e.name, { name: e.name, dealt: d.dealt + e.dealt, taken: d.taken + e.taken });
    }
  }

  read(step: JournalStepRecord, floor: number | null, names: StoryNames): void {
    if (floor !== null) this.floors.add(floor);
    for (const c of step.changes) {
      if (c.table === 'room' && c.before && c.after && !c.before.entered && c.after.entered) {
        const where = roomLabel(num(c.after.floor), num(c.after.x), num(c.after.y));
        this.rooms.push(c.after.name ? `${String(c.after.name)}, ${where}` : where);
      }
      const gained = itemGained(c, names, step.changes);
      if (gained) this.loot.push(gained);
      const broke = itemBroken(c, names, step.changes);
      if (broke) this.broken.push(broke);
      this.sanity.read(c);
      const gains = lichslayerGains(c);
      if (!gains) continue;
      const name = String(c.after!.name);
      this.gold.add(name, gains.gold);
      this.xp.add(name, gains.xp);
      if (num(c.before!.health) > 0 && num(c.after!.health) === 0) this.zero.set(c.id, name);
    }
  }

  finish(
    endedAt: string | null,
    ending: DiveSummary['ending'],
    /** The dive machine's lists as the dive ends. */
    end: { lost?: readonly number[]; floorsCleared?: readonly number[] },
    names: StoryNames,
  ): DiveSummary {
    const lost = end.lost ?? [];
    const lostNow = lost.filter((id) => !this.lostBefore.includes(id));
    const deaths = [...this.zero].map(([id, name]) => ({ name, lost: lostNow.includes(id) }));
    for (const id of lostNow) if (!this.zero.has(id)) deaths.push({ name: names.lichslayer(id), lost: true });
    return {
      session: this.session,
      startedAt: this.start?.at ?? '',
      endedAt,
      ending,
      floors: [...this.floors].sort((a, b) => a - b),
      floorsCleared: (end.floorsCleared ?? []).filter((f) => !this.clearedBefore.includes(f)),
      rooms: this.rooms,
      fights: this.fights,
      gold: this.gold.list(),
      loot: this.loot,
      deaths,
      sanity: this.sanity.list(),
      xp: this.xp.list(),
      damage: [...this.damage.values()],
      broken: this.broken,
    };
  }
}
