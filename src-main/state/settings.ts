// Campaign settings stored as validated JSON, one row per key (undoable like any row).
import type { z } from 'zod';
import { describeIssues } from '@shared/contract.ts';
import { DEFAULT_HOUSE_RULES, houseRulesSchema, type HouseRules } from '@shared/house-rules.ts';
import { damagedSetting } from './failures.ts';
import type { PlayReader, PlaySession } from './session.ts';

/** One parser per schema, so that the state's cache knows a setting read the same way twice. */
const parsers = new WeakMap<z.ZodType, (key: string) => (text: string) => unknown>();

function parserFor(schema: z.ZodType, key: string): (text: string) => unknown {
  let make = parsers.get(schema);
  if (!make) {
    const byKey = new Map<string, (text: string) => unknown>();
    make = (k) => {
      let parse = byKey.get(k);
      if (!parse) {
        parse = (text) => {
          let raw: unknown;
          try {
            raw = JSON.parse(text);
          } catch {
            throw damagedSetting(k, 'it is not valid JSON');
          }
          const parsed = schema.safeParse(raw);
          if (!parsed.success) throw damagedSetting(k, describeIssues(parsed.error));
          return parsed.data;
        };
        byKey.set(k, parse);
      }
      return parse;
    };
    parsers.set(schema, make);
  }
  return make(key);
}

/**
 * A campaign setting, validated. A missing one takes its default; a damaged one (not JSON, or
 * not what the app writes) is never silently reset: reading it refuses, naming the setting, and
 * the Judge is offered the newest good backup. The value is shared by every reader: never mutated.
 */
export function readSetting<S extends z.ZodType>(
  r: PlayReader,
  key: string,
  schema: S,
  fallback: z.output<S>,
): z.output<S> {
  const value = r.parsed(key, parserFor(schema, key));
  return value === undefined ? fallback : (value as z.output<S>);
}

export function writeSetting(s: PlaySession, key: string, value: unknown): void {
  const json = JSON.stringify(value);
  const row = s.all('setting').find((r) => r.key === key);
  if (row) s.update('setting', row.id, { value: json });
  else s.insert('setting', { key, value: json });
}

/** The campaign's house rules; missing settings take RULINGS defaults (also for older campaigns). */
export function readHouseRules(r: PlayReader): HouseRules {
  return readSetting(r, 'house_rules', houseRulesSchema, DEFAULT_HOUSE_RULES);
}
