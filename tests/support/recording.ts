import type { BrowserContextOptions } from 'playwright';
import type { BrowserFixtures, PageRecord } from './browser';

/** A page record that also keeps the Content-Security-Policy violations its page reports. */
export interface RecordingPage extends PageRecord {
  /** Each violation so far, as "<directive> <blocked URI>". */
  violations: () => Promise<string[]>;
}

/** A page at `width` that records CSP violations from before any of its scripts run. */
export async function openRecording(
  openPage: BrowserFixtures['openPage'],
  width = 1280,
  options?: BrowserContextOptions,
): Promise<RecordingPage> {
  const record = await openPage(width, options);
  await record.page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = log;
    document.addEventListener('securitypolicyviolation', (event) => log.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return { ...record, violations: () => record.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations ?? []) };
}

/** Console errors the page wrote itself; Chromium adds "Failed to load resource" for a 404 document. */
export function ownErrors(record: PageRecord): string[] {
  return record.consoleErrors.filter((text) => !text.startsWith('Failed to load resource'));
}
