import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core');
let axeSource: Promise<string> | undefined;

/**
 * axe-core's serious and critical violations on the page. axe is run through the DevTools
 * protocol, not added as a <script> element: the app's Content-Security-Policy refuses inline
 * scripts, as it should, and the check must not need the policy loosened.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Every axe-core violation on the page, of any impact (minor and moderate included). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(AXE_SCRIPT, 'utf8');
  await page.evaluate(`${await axeSource}\n;undefined`);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
}
