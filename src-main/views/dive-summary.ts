// A dive summed up from the undo steps between the descent from the Town and the return to it (or
// the party's fall): floors reached and cleared, rooms entered, fights, gold and loot gained, XP, who reached
// 0 Health and who was lost for good, and each Lichslayer's Sanity from the first step to the last.
import type { DiveSummary } from '@shared/journal.ts';
import type { JournalStepRecord } from '../db/journal-records.ts';
import { roomLabel } from '../state/board.ts';
import { itemGained, lichslayerGains, num, Sums, type StoryNames } from './story-rows.ts';

export class DiveTally {
  private readonly floors = new Set<number>();
  private readonly rooms: string[] = [];
  private fights = 0;
  private readonly gold = new Sums();
  private readonly xp = new Sums();
  private readonly loot: DiveSummary['loot'] = [];
  /** Lichslayer id → their Sanity before the dive's first change of it, and after its last. */
  private readonly sanity = new Map<number, { name: string; from: string; to: string }>();
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

  read(step: JournalStepRecord, floor: number | null, names: StoryNames): void {
    if (floor !== null) this.floors.add(floor);
    for (const c of step.changes) {
      if (c.table === 'room' && c.before && c.after && !c.before.entered && c.after.entered) {
        const where = roomLabel(num(c.after.floor), num(c.after.x), num(c.after.y));
        this.rooms.push(c.after.name ? `${String(c.after.name)}, ${where}` : where);
      }
      const gained = itemGained(c, names);
      if (gained) this.loot.push(gained);
      const gains = lichslayerGains(c);
      if (!gains) continue;
      const name = String(c.after!.name);
      this.gold.add(name, gains.gold);
      this.xp.add(name, gains.xp);
      if (num(c.before!.health) > 0 && num(c.after!.health) === 0) this.zero.set(c.id, name);
      if (c.before!.sanity !== c.after!.sanity) {
        const was = this.sanity.get(c.id);
        this.sanity.set(c.id, { name, from: was?.from ?? String(c.before!.sanity), to: String(c.after!.sanity) });
      }
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
      sanity: [...this.sanity.values()].filter((s) => s.from !== s.to),
      xp: this.xp.list(),
    };
  }
}
