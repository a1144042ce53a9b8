// The Judge's number instead of a roll: the action is undone and made again with it. Only that
// action may be undone: if anything was done since, the override is refused with what to do.
import { appState } from '../../lib/app-state.svelte.ts';

export async function redoWithJudgeValue<T>(
  step: string,
  redo: () => Promise<T | null | undefined>,
): Promise<T | null | undefined> {
  const now = await appState.run('campaign.current', {});
  if (now?.history.canUndo !== step) {
    appState.say('error', `Something was done after “${step}”: undo back to it first, then override.`);
    return null;
  }
  if (!(await appState.change('history.undo', {}))) return null;
  return redo();
}
