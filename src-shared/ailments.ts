// The physical ailments a character or entity may carry (rulebook ch.2), shared by the command
// schemas and the views; what they do lives in src-main/rules/ailments.ts.
export const AILMENTS = ['Burn', 'Poison', 'Freeze', 'Bound'] as const;
export type Ailment = (typeof AILMENTS)[number];
