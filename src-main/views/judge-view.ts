// The Judge's view of an open campaign, computed in main from the database.
// Derived Gauntlet numbers come from the rules core; the renderer only shows them.
import { countBuild } from './view-builds.ts';
import type { Database } from 'better-sqlite3';
import { campaignName } from '../db/campaign-meta.ts';
import { rosterRows } from '../state/roster.ts';
import type { ItemRow, LichslayerRow, StackRow } from '../state/rows.ts';
import type { PlayReader } from '../state/session.ts';
import type { CampaignView, ItemText, LichslayerView } from '@shared/contract.ts';
import { ITEM_SLOTS, type Item, type ItemSlot, type Stack, type Colour } from '@shared/gauntlet.ts';
import { currentMagic, goldMarks, inventoryDepth } from '../rules/gauntlet-derived.ts';
import { nextRedo, nextUndo } from '../db/history.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { readHouseRules } from '../state/settings.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { levelForXp, skillsUnlocked, totalXp } from '../rules/character.ts';
import { synchronicity } from '../rules/synchronicity.ts';
import { lifeRecord, type LifeRecord } from '../state/life-records.ts';
import { characterRollModifiers, modifierList, situationOf, type RollSituation } from '../rules/roll-modifiers.ts';
import { readTown } from '../state/town.ts';
import { idolEffects } from '../play/town.ts';
import { skillMagic, skillRollBonuses } from '../play/skills/skill-facts.ts';
import { buffsOf } from '../state/channel-buffs.ts';
import { usesForCapstone } from '../state/skill-uses.ts';
import { capstoneProgress, LIMIT_LABEL, skillNamed, type SkillUse } from '../rules/skills.ts';
import { currentSession } from '../state/sessions.ts';
import { lootEntries } from '../state/loot-lookup.ts';
import { lootLookup, type LootEntry, type LootLookup } from '../rules/loot-entry.ts';
import { closedButHeld, slotsOpen } from '../rules/gauntlet-slots.ts';
import { influenceDice, stateToHold } from '../rules/loot-fate.ts';
import { equippedWith } from '../state/gauntlet.ts';
import { doctorCapstone } from '../play/skills/doctor.ts';
import { countedCapstone } from '../play/skills/capstone-counts.ts';
import { ailmentsOf } from '../play/skills/ailments.ts';
import { innToday } from '../play/inn-today.ts';
import type { Ailment } from '@shared/ailments.ts';
import type { ViewParts } from './view-memo.ts';

export type { LichslayerRow } from '../state/rows.ts';

/** A loot row as an item's text (ch.13). */
export function itemText(entry: LootEntry | null): ItemText | null {
  if (!entry) return null;
  const { tier, itemType, actions } = entry.fields;
  return { row: entry.label, tier, itemType, actions: [...actions], details: entry.details };
}

export function lichslayerView(
  row: LichslayerRow,
  items: readonly ItemRow[],
  stacks: readonly (Pick<StackRow, 'lichslayer_id' | 'name' | 'count' | 'colour' | 'broken' | 'notes'> &
    Partial<Pick<StackRow, 'loot_ref'>>)[],
  rules: HouseRules,
  buffs: { name: string; details: string }[] = [],
  uses: readonly SkillUse[] = [],
  record: LifeRecord = { enemiesFelled: 0, floorsCleared: 0, skillPoints: 0, enhanced: [] },
  lookup: LootLookup = lootLookup([]),
  situation: RollSituation = {},
  /** Magic a class skill adds now (Investiture, ch.2). */
  skillMagic: readonly { source: string; value: number }[] = [],
  ailments: Ailment[] = [],
  otherCapstone: LichslayerView['life']['capstone'] = null,
): LichslayerView {
  const slots = Object.fromEntries(ITEM_SLOTS.map((s) => [s, null])) as Record<ItemSlot, Item | null>;
  for (const item of items) {
    slots[item.slot] = { name: item.name, colour: item.colour, broken: item.broken === 1, notes: item.notes };
  }
  // ch.2: the slots the skills held open; an item left in a slot since closed is shown to be moved.
  const plan = slotsOpen({
    skills: [row.skill1, row.skill2, row.skill3, row.capstone].filter(Boolean),
    enhanced: record.enhanced,
  });
  const equipped = equippedWith(items, plan, lookup);
  // A stack shows its state only when it has one of its own (ch.13): a plain stack is as its loot entry says.
  const inventory: Stack[] = stacks.map((s) => {
    if (s.colour === null && s.broken === 0 && s.notes === '') return { name: s.name, count: s.count };
    const held = stateToHold(
      { colour: s.colour, broken: s.broken === 1, notes: s.notes },
      lookup.entry(s.name, s.loot_ref),
    );
    return { name: s.name, count: s.count, colour: s.colour, broken: held.broken, notes: s.notes };
  });
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    health: row.health,
    maxHealth: row.max_health,
    armor: row.armor,
    maxArmor: row.max_armor,
    power: row.power,
    speed: row.speed,
    sanity: row.sanity,
    gold: row.gold,
    xp: row.xp,
    hiddenClass: row.hidden_class,
    skill1: row.skill1,
    skill2: row.skill2,
    skill3: row.skill3,
    capstone: row.capstone,
    notes: row.notes,
    items: slots,
    slots: {
      open: [...plan.open],
      medicine: [...plan.medicine],
      garmentIsMedicine: plan.garmentIsMedicine,
      closedHeld: closedButHeld(
        plan,
        items.map((i) => i.slot),
      ),
      explain: plan.explain,
    },
    inventory,
    lootText: {
      slots: Object.fromEntries(
        items.flatMap((i) => {
          const text = itemText(lookup.entry(i.name, i.loot_ref));
          return text ? [[i.slot, text]] : [];
        }),
      ),
      inventory: stacks.map((s) => itemText(lookup.entry(s.name, s.loot_ref))),
    },
    derived: {
      magic: currentMagic(
        row.gold,
        items.map((i) => ({ name: i.name, notes: i.notes, broken: i.broken === 1 })),
        row.magic_bonus,
        skillMagic,
      ),
      goldMarks: goldMarks(row.gold),
      inventoryDepth: inventoryDepth(row.max_health),
    },
    life: {
      ...lifeView(row, rules, situation),
      buffs,
      skills: [row.skill1, row.skill2, row.skill3, row.capstone].filter(Boolean).map((name) => {
        const def = skillNamed(name);
        return {
          name: def?.name ?? name,
          skill: def?.name ?? null,
          kind: def?.kind ?? 'unknown',
          limit: def?.limit ? LIMIT_LABEL[def.limit] : null,
          board: def?.board ?? null,
        };
      }),
      capstone: capstoneProgress(row.hidden_class, uses, row.id) ?? otherCapstone,
      ...syncView(equipped, rules),
      influence: influenceDice(equipped),
      xpSources: xpSources(row, record),
      skillPoints: record.skillPoints,
      enhanced: record.enhanced,
      ailments,
    },
  };
}

/** Where the XP came from (ch.1); XP set by hand or earned before the app counted sources is named as such. */
function xpSources(row: LichslayerRow, record: LifeRecord): LichslayerView['life']['xpSources'] {
  const sources = {
    goldGained: row.gold_gained,
    enemiesFelled: record.enemiesFelled,
    floorsCleared: record.floorsCleared,
  };
  const counted = totalXp(sources);
  const other = row.xp - counted.value;
  const explain =
    other === 0
      ? counted.explain
      : `${counted.explain.replace(/ \(ch\.1\)$/, '')}; ${other > 0 ? `${other} more` : `${-other} fewer`} set by hand → ${row.xp} XP (ch.1)`;
  return { ...sources, explain };
}

/** ch.14: the synchronicity conditions of the equipped loot, broken items ignored; each item's type from its loot entry. */
function syncView(
  items: readonly { name: string; colour: Colour; broken: boolean; entry: { fields: { itemType: string } } | null }[],
  rules: HouseRules,
): Pick<LichslayerView['life'], 'sync' | 'syncExplain'> {
  const r = synchronicity(
    items.map((i) => ({
      name: i.name,
      colour: i.colour,
      broken: i.broken,
      ...(i.entry ? { type: i.entry.fields.itemType } : {}),
    })),
    rules,
  );
  return {
    sync: r.conditions.map((c) => ({ label: c.label, effects: c.effects, colours: c.colours ?? [] })),
    syncExplain: r.explain,
  };
}

/** Growth and the survival clock as the Gauntlet shows them (ch.1, ch.4, ch.8). */
function lifeView(
  row: LichslayerRow,
  rules: HouseRules,
  situation: RollSituation,
): Omit<
  LichslayerView['life'],
  | 'buffs'
  | 'skills'
  | 'capstone'
  | 'sync'
  | 'syncExplain'
  | 'xpSources'
  | 'skillPoints'
  | 'enhanced'
  | 'influence'
  | 'ailments'
> {
  const level = levelForXp(row.xp, rules);
  const clock = { daysWithoutMeal: row.days_without_meal, daysWithoutShelter: row.days_without_shelter };
  return {
    statPoints: row.stat_points,
    goldGained: row.gold_gained,
    level: { value: row.level, nextAt: level.nextAt, due: level.value, explain: level.explain },
    classRevealed: skillsUnlocked(row.level).classRevealed,
    // ch.4 "to all rolls": the one rule that says what a roll made for this character carries.
    penalties: modifierList(characterRollModifiers({ sanity: row.sanity, ...clock }, situation)),
    clock: {
      ...clock,
      ateToday: row.ate_today === 1,
      shelteredToday: row.sheltered_today === 1,
      fedThrough: row.fed_through,
      hungerMaxHealthLost: row.hunger_lost,
    },
  };
}

/** What the Judge's view shows of the play state: everything but the file's own facts and its undo steps. */
export type JudgeState = Pick<CampaignView, 'town' | 'roster' | 'houseRules' | 'session'>;

function judgeState(ps: PlayReader): JudgeState {
  const townRow = ps.byId('town', 1);
  const town = townRow ? { name: townRow.name, day: townRow.day } : undefined;
  const rows = rosterRows(ps);
  const items = ps.all('item');
  const stacks = [...ps.all('inventory')].sort((a, b) => a.position - b.position || a.id - b.id);
  const rules = readHouseRules(ps);
  const lookup = lootEntries(ps);
  const day = town?.day ?? 1;
  const townState = readTown(ps);
  const fx = idolEffects(ps, townState, day);
  return {
    town: { ...(town ?? { name: 'No town yet', day: 1 }), smith: townState.smith?.explain ?? null, inn: innToday(ps) },
    roster: rows.map((row) =>
      lichslayerView(
        row,
        items.filter((i) => i.lichslayer_id === row.id),
        stacks.filter((s) => s.lichslayer_id === row.id),
        rules,
        buffsOf(ps, row.id),
        usesForCapstone(ps, row.id, row.hidden_class),
        lifeRecord(ps, row.id),
        lookup,
        {
          ...situationOf(fx, townState, day, row.id, { where: 'town', sanityChallenge: false }, rules),
          skills: skillRollBonuses(ps, row),
        },
        skillMagic(ps, row.id),
        ailmentsOf(ps, { lichslayerId: row.id }),
        doctorCapstone(ps, row) ?? countedCapstone(ps, row),
      ),
    ),
    houseRules: rules,
    session: currentSession(ps),
  };
}

/**
 * The Judge's view of the open campaign. With `parts`, what it shows of the play state is kept
 * from the last build while nothing it read has changed (a token's move leaves the roster as it was).
 */
export function judgeCampaignView(
  db: Database,
  file: string,
  ps: PlayReader,
  parts?: ViewParts<JudgeState>,
): CampaignView {
  countBuild('judge');
  const state = parts ? parts.get('judge', ps, judgeState) : judgeState(ps);
  const undo = nextUndo(db);
  const redo = nextRedo(db);
  return {
    path: file,
    name: campaignName(db),
    schemaVersion: LATEST_VERSION,
    town: state.town,
    roster: state.roster,
    houseRules: state.houseRules,
    session: state.session,
    history: { canUndo: undo?.label ?? null, canRedo: redo?.label ?? null },
  };
}
