// The phase of play as main last reported it, shared by the banner (which loads it) and the turn
// tracker (which shows the round beside the board), so both read one view and never disagree.
import type { PhaseView } from '@shared/phase.ts';
import { appState } from './app-state.svelte.ts';

class PhaseState {
  view = $state<PhaseView | null>(null);
  private loads = 0;

  /** Loads the phase view; an older load that lands late is dropped. */
  async load(): Promise<void> {
    const mine = ++this.loads;
    const next = await appState.run('phase.view', {});
    if (mine === this.loads && next) this.view = next;
  }

  /** Takes a view a command returned, reading out what it set off. */
  shown(next: PhaseView | null): void {
    if (!next) return;
    this.loads++;
    this.view = next;
    appState.tell('What happened', next.notices ?? []);
  }
}

export const phaseState = new PhaseState();
