// Commands the Gauntlet's panels share: a field saved as it is edited, and a skill used from the sheet.
import type { SkillChoice } from '@shared/contract/skill-args.ts';
import type { LichslayerPatch } from '@shared/gauntlet.ts';
import { appState } from './app-state.svelte.ts';

export function saveField<K extends keyof LichslayerPatch>(id: number, key: K) {
  return (value: string | number | null) =>
    appState.attempt('lichslayer.update', { id, patch: { [key]: value } as LichslayerPatch });
}

export async function useSkill(id: number, use: SkillChoice): Promise<void> {
  const r = await appState.run('skill.use', { id, ...use });
  if (r) appState.say('info', r.notes.join(' · '));
}
