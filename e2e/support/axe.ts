import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe finds no serious or critical WCAG A/AA violation (as in accessibility.spec.ts). */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`);
  expect(blocking, `serious or critical violations on ${what}`).toEqual([]);
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * No serious or critical violation of the WCAG 2.x A/AA rules and axe's best practices (lesser findings
 * are printed), on a page that really rendered (enough rules ran and passed).
 */
export async function expectNoSeriousViolations(page: Page, what: string, include?: string): Promise<void> {
  // Passed rules keep one node each (the guard below counts rules, not nodes): a sixth faster here.
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations, passes } = await builder.analyze();
  // Guard against scanning an empty or half-rendered page.
  expect(passes.length, `axe rules that ran and passed on ${what}`).toBeGreaterThan(10);
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help}\n${v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
      .join('\n')}`;
  const minor = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length) console.log(`[axe] ${what}, minor findings:\n${minor.map(describe).join('\n')}`);
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(blocking.map(describe), `serious or critical violations on ${what}`).toEqual([]);
}
