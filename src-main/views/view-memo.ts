// A part of a view kept until something it read changes. The part is built through a reader that
// notes each read (a table's rows, one row, a setting's text, the tables, a skill-use answer); the
// next time it is asked for, those reads are made again on the new state and compared, and the part
// is built anew only if one differs. An unchanged table's rows are one shared array and an unchanged
// row one object, so most of the comparing is by identity.
import type { PlayReader, SkillUseReads } from '../state/session.ts';
import type { PlayTable } from '../state/rows.ts';

/** One read a part made, and how to tell whether it still reads the same. */
type Read = (ps: PlayReader) => boolean;

interface Kept<V> {
  reads: readonly Read[];
  value: V;
}

/** Where a view keeps its parts, one slot per part. A kept part is shared by every build after it: never mutated. */
export class ViewParts<V> {
  private readonly kept = new Map<string, Kept<V>>();

  /** The part named `slot`, as the reader's state has it: the kept one while its reads still hold. */
  get(slot: string, ps: PlayReader, build: (ps: PlayReader) => V): V {
    const held = this.kept.get(slot);
    if (held && held.reads.every((still) => still(ps))) return held.value;
    const reads = new Map<string, Read>();
    const value = build(tracking(ps, reads));
    this.kept.set(slot, { reads: [...reads.values()], value });
    return value;
  }
}

// Answers kept between changes come back as the same object: compared by identity before by content.
const sameJson = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const sameKey = (args: unknown[]): string => JSON.stringify(args);

/** A reader that answers as `ps` does and notes, in `reads`, how to check each answer again (once per question). */
function tracking(ps: PlayReader, reads: Map<string, Read>): PlayReader {
  const note = (question: string, still: Read) => {
    if (!reads.has(question)) reads.set(question, still);
  };
  const uses = ps.skillUses;
  const skillUses: SkillUseReads = {
    inWindow: (id, skill, now) => {
      const got = uses.inWindow(id, skill, now);
      note(`inWindow:${sameKey([id, skill, now])}`, (p) => sameJson(p.skillUses.inWindow(id, skill, now), got));
      return got;
    },
    distinct: (id, skill, key, limit) => {
      const got = uses.distinct(id, skill, key, limit);
      note(`distinct:${sameKey([id, skill, key, limit])}`, (p) =>
        sameJson(p.skillUses.distinct(id, skill, key, limit), got),
      );
      return got;
    },
    firstBurgle: (tokenId) => {
      const got = uses.firstBurgle(tokenId);
      note(`burgle:${tokenId}`, (p) => sameJson(p.skillUses.firstBurgle(tokenId), got));
      return got;
    },
  };
  const tables = ps.tables;
  return {
    all: <T extends PlayTable>(table: T) => {
      const got = ps.all(table);
      note(`all:${table}`, (p) => p.all(table) === got);
      return got;
    },
    byId: <T extends PlayTable>(table: T, id: number) => {
      const got = ps.byId(table, id);
      note(`row:${table}:${id}`, (p) => p.byId(table, id) === got);
      return got;
    },
    settingText: (key) => {
      const got = ps.settingText(key);
      note(`setting:${key}`, (p) => p.settingText(key) === got);
      return got;
    },
    parsed: (key, parse) => {
      const text = ps.settingText(key);
      note(`setting:${key}`, (p) => p.settingText(key) === text);
      return ps.parsed(key, parse);
    },
    get tables() {
      note('tables', (p) => p.tables === tables);
      return tables;
    },
    skillUses,
  };
}
