// Skill uses (rulebook ch.2) as the campaign keeps them: for usage limits and capstone progress.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { SkillUse } from '../rules/skills.ts';
import { readSetting } from './settings.ts';

const useSchema = z.array(
  z.strictObject({
    lichslayerId: z.number(),
    skill: z.string(),
    session: z.number(),
    day: z.number(),
    floor: z.number().nullable(),
    // Uses recorded before fights and floor visits were counted match no fight and no visit.
    fight: z.number().nullable().default(null),
    visit: z.number().nullable().default(null),
    round: z.number().nullable(),
    turn: z.number().nullable(),
    target: z.string().optional(),
    faction: z.string().optional(),
  }),
);

export const readSkillUses = (db: Database): SkillUse[] => readSetting(db, 'skill-uses', useSchema, []);
