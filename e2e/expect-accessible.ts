import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The axe check of accessibility.spec.ts for a spec of its own (issue 36), so that spec does not have to grow:
// WCAG 2.0/2.1 A and AA plus best practice, no rule switched off, after the fades have finished.
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
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
