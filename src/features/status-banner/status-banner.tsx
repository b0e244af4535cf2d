import { Message } from '@postenbring/hedwig-react';
import { useEffect, useId, useRef, useState } from 'react';
import { footerLinks } from '../../config/paths';
import { runtimeConfig } from '../../config/runtime';
import { parseStatusPageJson } from '../../contract/status-page';
import { useI18n } from '../../i18n/i18n-context';
import { bannerText, readItems, selectBanner, type BannerChoice, type StatusItem } from './select-banner';

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

/** The banner's height, for the room kept under the page and the scroll padding (status-banner.css). */
export const bannerHeightProperty = '--status-banner-height';

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
 * Keeps the page's room for the banner (status-banner.css) as tall as the banner: at the very end of
 * the page, so growing it moves nothing, and in the scroll padding, so what gets focus is scrolled
 * clear of it.
 */
function useHeightOnPage(element: HTMLElement | null) {
  useEffect(() => {
    if (!element) return;
    const root = document.documentElement.style;
    const update = () => root.setProperty(bannerHeightProperty, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(bannerHeightProperty);
    };
  }, [element]);
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
 */
export function StatusBanner() {
  const { language, t } = useI18n();
  const [choice, setChoice] = useState<BannerChoice | null>(null);
  const [open, setOpen] = useState(false);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const detailsId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useHeightOnPage(element);

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

  const text = choice && choice.kind !== 'none' ? bannerText(choice, language, t) : null;
  const announced = useAnnouncement(text ? `${t('status.label')}: ${text.summary.join(' ')}` : null);
  // Always in the page, empty until the banner appears: a live region added with its text is often not read.
  const liveRegion = (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announced}
    </div>
  );
  // The same element first in both: the region stays the one in the page when the banner comes.
  if (!text) return <>{liveRegion}</>;
  return (
    <>
      {liveRegion}
      <section
        ref={setElement}
        className="status-banner"
        aria-label={t('status.label')}
        onKeyDown={(event) => {
          // Escape folds the details away again and leaves the keyboard on the button.
          if (event.key !== 'Escape' || !open) return;
          setOpen(false);
          toggle.current?.focus();
        }}
      >
        <div className="hds-container">
          <Message variant="warning" className="status-banner__message">
            {/* The button follows the summary's last words, so that folded the banner is as short as it can be. */}
            <p className="status-banner__summary">
              {text.summary.map((line) => (
                <span key={line} className="status-banner__line">
                  {line}
                </span>
              ))}{' '}
              <button
                ref={toggle}
                type="button"
                className="status-banner__toggle"
                aria-expanded={open}
                aria-controls={detailsId}
                onClick={() => setOpen((was) => !was)}
              >
                {t('status.details')}
              </button>
            </p>
            <div id={detailsId} className="status-banner__details" hidden={!open}>
              {text.several ? (
                <>
                  <ul className="status-banner__items">
                    {text.items.map((item) => (
                      <li key={item.id}>
                        <span className="status-banner__title">{item.title}</span>
                        <span className="status-banner__line">{item.name}</span>
                        {item.impact ? <span className="status-banner__line">{item.impact}</span> : null}
                      </li>
                    ))}
                  </ul>
                  <a className="status-banner__link" href={footerLinks(language).statusPage}>
                    {t('status.more_all')}
                  </a>
                </>
              ) : (
                <>
                  <span className="status-banner__title">{text.items[0].name}</span>
                  {text.items[0].impact ? <span className="status-banner__line">{text.items[0].impact}</span> : null}
                  {text.items[0].link ? (
                    <a className="status-banner__link" href={text.items[0].link}>
                      {t('status.more')}
                    </a>
                  ) : null}
                </>
              )}
            </div>
          </Message>
        </div>
      </section>
    </>
  );
}
