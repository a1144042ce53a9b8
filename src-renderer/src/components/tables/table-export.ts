// A table exported as a file the Judge's browser or shell saves: main writes the text, this hands it over.
import { appState } from '../../lib/app-state.svelte.ts';

export async function downloadExport(key: string, format: 'json' | 'markdown'): Promise<void> {
  const out = await appState.run('tables.export', { keys: [key], format });
  if (!out) return;
  const url = URL.createObjectURL(
    new Blob([out.text], { type: format === 'json' ? 'application/json' : 'text/markdown' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = out.fileName;
  a.click();
  // Revoked once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
