import { lazy, Suspense, useEffect, useState } from 'react';
import { runtimeConfig } from '../../config/runtime';
import { parseStatusPageJson } from '../../contract/status-page';
import { loadLaterTexts } from '../../i18n/texts';
import { readItems, selectBanner, type BannerChoice, type StatusItem } from './select-banner';

// With its texts, which are not part of the first load (i18n/texts.ts).
const BannerView = lazy(() => Promise.all([import('./banner-view'), loadLaterTexts()]).then(([module]) => ({ default: module.BannerView })));

/** How long the status page may take before the page gives up on it (and shows no banner). */
export const statusTimeoutMs = 5000;

/**
 * How long after the banner is drawn its summary goes into the live region: the (empty) region has been
 * in the page since the banner's code loaded, and a screen reader is told of the change after that.
 */
export const announceDelayMs = 100;

/** Whether this page has told its banner already: a banner drawn again (a remounted layout) is not told twice. */
let announcedOnThisPage = false;

/** For tests: a fresh page, whose banner has not been told. */
export function forgetAnnouncement() {
  announcedOnThisPage = false;
}

async function getList(url: string, key: 'scheduled_maintenances' | 'incidents'): Promise<StatusItem[]> {
  const response = await fetch(url, {
    credentials: 'omit',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(statusTimeoutMs),
  });
  if (!response.ok) throw new Error(`status page answered ${response.status}`);
  const items = readItems(parseStatusPageJson(await response.text()), key);
  if (!items) throw new Error('malformed status-page answer');
  return items;
}

/** The three status-page calls (SPEC §7); null when any of them fails, or when there is no status page. */
export async function loadBanner(baseUrl: string, componentId: string, now = Date.now()): Promise<BannerChoice | null> {
  const base = baseUrl.replace(/\/+$/, '');
  if (!base) return null;
  try {
    const [upcoming, active, unresolved] = await Promise.all([
      getList(`${base}/scheduled-maintenances/upcoming.json`, 'scheduled_maintenances'),
      getList(`${base}/scheduled-maintenances/active.json`, 'scheduled_maintenances'),
      getList(`${base}/incidents/unresolved.json`, 'incidents'),
    ]);
    return selectBanner({ upcoming, active, unresolved }, componentId, now);
  } catch {
    // The status page is a nicety: when it is down or slow the page simply shows no banner.
    return null;
  }
}

/**
 * What a screen reader is told when the banner appears (issue #37, WCAG 4.1.3): a polite live region,
 * in the page (empty) from the start, since one added together with its text is often not read. The
 * summary goes into it once, a little after the banner is drawn, and stays: nothing later (a re-render,
 * another route, the details opened) puts it there again.
 */
function useAnnouncement(summary: string | null): string {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (summary === null || announcedOnThisPage) return;
    const timer = window.setTimeout(() => {
      announcedOnThisPage = true;
      setAnnounced(summary);
    }, announceDelayMs);
    return () => window.clearTimeout(timer);
  }, [summary]);
  return announced;
}

/**
 * The status-page banner (SPEC §4). The status page answers after the page is drawn, so the banner
 * cannot take room in it without moving everything (docs/decisions/015): it sits fixed at the bottom
 * of the window, one short summary (what is going on now, what is planned) with the details behind a
 * button. First in the page's order, so a screen reader and the keyboard meet it early. It appears only
 * when the status page reports something that concerns us; failures and slow answers show nothing, and
 * without a status page (an empty statusPageUrl) nothing is fetched. Its appearing is told to a screen
 * reader once, politely (useAnnouncement).
 *
 * This part only asks and chooses; the banner's code and texts (banner-view.tsx, the later texts) load
 * only when there is something to show, which is seldom: a page's idle load stays small (issue #52).
 */
export function StatusBanner() {
  const [choice, setChoice] = useState<Extract<BannerChoice, { kind: 'items' }> | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const { statusPageUrl, statusPageComponentId } = runtimeConfig();
    // No status page configured (STATUSPAGE_URL): nothing is asked and nothing shown.
    if (!statusPageUrl) return;
    void loadBanner(statusPageUrl, statusPageComponentId).then((result) => {
      // No update at all when there is nothing to show: the page stays exactly as it was.
      if (current && result && result.kind !== 'none') setChoice(result);
    });
    return () => {
      current = false;
    };
  }, []);

  const announced = useAnnouncement(summary);
  return (
    <>
      {/* Always in the page, empty until the banner appears: a live region added with its text is often not read. */}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
      {choice ? (
        <Suspense fallback={null}>
          <BannerView choice={choice} onSummary={setSummary} />
        </Suspense>
      ) : null}
    </>
  );
}
