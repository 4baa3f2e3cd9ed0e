import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Issue 10 item 4's axe check, shared by the axe walk (accessibility-walk.ts, the *.accessibility.spec.ts) and the
// specs that check their own screens (issue 36):
// WCAG 2.0/2.1 A and AA plus best practice, no rule switched off, after the fades have finished.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Mantine's fades and slides are over (spinners turn for ever), so axe judges colours at full opacity. */
export async function settle(page: Page, idle: boolean): Promise<void> {
  if (idle) await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe on the page as it stands and fails with each violation spelled out: rule, impact, elements, fix.
 * `idle: false` for a screen that keeps the network busy (an upload under way, a check that polls).
 */
export async function expectAccessible(page: Page, screen: string, { idle = true } = {}): Promise<void> {
  await settle(page, idle);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = violations.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help}`,
      ...violation.nodes.map(
        (node) => `  at ${node.target.join(' ')}\n    ${node.failureSummary?.replaceAll('\n', '\n    ')}`,
      ),
    ].join('\n'),
  );
  expect(report, `axe found violations on ${screen}:\n\n${report.join('\n\n')}`).toEqual([]);
}
