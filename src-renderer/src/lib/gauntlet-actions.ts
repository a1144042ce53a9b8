// Commands the Gauntlet's panels share: a field saved as it is edited, and a skill used from the sheet.
import type { LichslayerPatch } from '@shared/gauntlet.ts';
import { appState } from './app-state.svelte.ts';

export function saveField<K extends keyof LichslayerPatch>(id: number, key: K) {
  return (value: string | number | null) =>
    appState.attempt('lichslayer.update', { id, patch: { [key]: value } as LichslayerPatch });
}

export interface SkillExtra {
  influence?: 'add' | 'subtract';
  spell?: { table: string; row: number };
  tokenId?: number;
  refill?: `medicine${1 | 2 | 3}`;
}

export async function useSkill(id: number, skill: string, extra: SkillExtra = {}): Promise<void> {
  const r = await appState.run('skill.use', { id, skill, ...extra });
  if (r) appState.say('info', r.notes.join(' · '));
}
