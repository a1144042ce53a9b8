// axe-core over a page as it stands, with WCAG 2.1 A/AA, best practices, and the check that a
// control's spoken name holds the words it shows (label-content-name-mismatch, off in axe by default).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's findings on the page: rule, impact, and where, one line each (none: it passes). */
export async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}
