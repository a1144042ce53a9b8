// The cast dialog's spellbook (rulebook ch.2, ch.15, ch.17): every spell of the campaign, school by
// school, each allowed or refused with the rule that says so; each school open or shut to this
// caster with the way it opens or what would open it; and the casts held from elsewhere.
import type { SpellbookView } from '@shared/phase.ts';
import { CASTING_TIME_LABEL, SPELL_SCHOOL_LABEL, type SpellSchool } from '@shared/tables.ts';
import type { PlayReader } from '../state/session.ts';
import { allTokens } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { CommandFailure } from '../state/failures.ts';
import { casterOf, castVerdict, spellbook, type SpellRef } from '../play/casting.ts';
import { heldSourcesFor } from '../play/cast-sources.ts';
import { castDiceWords } from '../play/cast-dice.ts';
import { actingAs } from '../play/skills/oneness.ts';
import { combatActor, diveActor, stored } from '../play/machines.ts';
import { buildOf, schoolAccess } from '../rules/spell-schools.ts';

export function spellbookView(ps: PlayReader, tokenId: number): SpellbookView {
  const found = allTokens(ps).find((t) => t.id === tokenId);
  if (!found) throw new CommandFailure('not-found', `No token ${tokenId} on the board.`);
  // ch.2: the body a Witch inhabits casts as her; her own inert body casts nothing.
  const token = actingAs(ps, found);
  const combat = stored(ps, 'machine:combat') ? combatActor(ps).getSnapshot().context : null;
  const turned = diveActor(ps).getSnapshot().context.turned;
  const rules = readHouseRules(ps);
  const caster = token.lichslayerId !== null ? casterOf(ps, token.lichslayerId, turned) : null;
  const build = caster ? buildOf(caster, rules) : null;
  const access = (school: SpellSchool) =>
    caster && build
      ? schoolAccess(school, caster, build, rules)
      : { open: true, explain: `${token.name} is the Judge's: cast without a Gauntlet to check` };
  const groups = new Map<string, SpellbookView['schools'][number]>();
  for (const spell of spellbook(ps)) {
    const verdict = combat
      ? castVerdict(ps, token, spell, { current: combat.current, turned })
      : {
          ok: false,
          cost: spell.fields.cost,
          why: 'Spells are cast in combat, on the turn stack (ch.15)',
          check: null,
        };
    const needs = verdict.check?.needs ?? {};
    // A spell refused only for a choice the caster makes at the cast is offered: the dialog asks (ch.13, ch.17).
    const onlyChoice = !!needs.choice && verdict.check!.refusals.length === 1;
    const key = spell.fields.school;
    let group = groups.get(key);
    if (!group) {
      const a = access(key);
      group = { school: key, label: SPELL_SCHOOL_LABEL[key], open: a.open, access: a.explain, spells: [] };
      groups.set(key, group);
    }
    group.spells.push({
      table: spell.table.key,
      row: spell.row,
      label: spell.label,
      details: spell.details,
      cost: verdict.cost,
      healthCost: spell.fields.healthCost,
      castingTime: CASTING_TIME_LABEL[spell.fields.castingTime],
      tableDice: castDiceWords(spell, 1, tableName(ps, spell)),
      allowed: verdict.ok || onlyChoice,
      why: verdict.why,
      needs,
    });
  }
  return { caster: token.name, schools: [...groups.values()], held: heldSourcesFor(ps, token) };
}

/** The table a spell calls on, as the Judge's screen names it. */
function tableName(ps: PlayReader, spell: SpellRef): string {
  const key = spell.rollOn?.table ?? '';
  return `“${ps.tables.defs.get(key)?.name ?? key}”`;
}
