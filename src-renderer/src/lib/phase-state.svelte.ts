// The phase of play as main last reported it, shared by the banner and the turn tracker (which
// shows the round beside the board), so both read one view and never disagree. Main pushes the
// phase with each change, so it is asked for only when no change has brought it.
import type { PhaseView } from '@shared/phase.ts';
import { revisionOf } from './api.ts';
import { appState } from './app-state.svelte.ts';
import { reuse } from './reuse.ts';

class PhaseState {
  /** Replaced whole, never changed in place; what a push repeats keeps its objects. */
  view = $state.raw<PhaseView | null>(null);
  /** The campaign revision the view is as of: an older reply or push that lands late is dropped. */
  private revision = 0;

  /** Takes the phase pushed with a change; asks main only when none came with it. */
  pushed(next: PhaseView | null, revision: number): void {
    if (next && revision >= this.revision) {
      this.view = reuse(this.view, next);
      this.revision = revision;
    } else if (!next && !this.view) void this.load();
  }

  /** Loads the phase view (when nothing pushed it). */
  async load(): Promise<void> {
    const next = await appState.run('phase.view', {});
    if (next && revisionOf(next) >= this.revision) {
      this.view = reuse(this.view, next);
      this.revision = revisionOf(next);
    }
  }

  /** Takes a view a command returned, reading out what it set off. */
  shown(next: PhaseView | null): void {
    if (!next) return;
    if (revisionOf(next) >= this.revision) {
      this.view = reuse(this.view, next);
      this.revision = revisionOf(next);
    }
    appState.tell('What happened', next.notices ?? []);
  }
}

export const phaseState = new PhaseState();
