import { Message } from '@postenbring/hedwig-react';
import { useEffect, useState } from 'react';
import type { Language } from '../../contract/languages';
import { footerLinks } from '../../config/paths';
import { runtimeConfig } from '../../config/runtime';
import { parseStatusPageJson } from '../../contract/status-page';
import { useI18n } from '../../i18n/i18n-context';
import type { TextKey } from '../../i18n/nb';
import { readItems, selectBanner, type BannerChoice, type BannerItem, type StatusItem } from './select-banner';

/** How long the status page may take before the page gives up on it (and shows no banner). */
export const statusTimeoutMs = 5000;

const impactKeys: Record<string, TextKey> = {
  none: 'status.impact_none',
  minor: 'status.impact_minor',
  major: 'status.impact_major',
  critical: 'status.impact_critical',
  maintenance: 'status.impact_maintenance',
};

const locales: Record<Language, string> = { nb: 'nb-NO', nn: 'nn-NO', en: 'en-GB' };

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

function formatTime(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], {
    timeZone: 'Europe/Oslo',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(value));
}

function OneItem({ item }: { item: BannerItem }) {
  const { language, t } = useI18n();
  const maintenance = item.type === 'scheduled_maintenance';
  const impactKey = item.impact ? impactKeys[item.impact] : undefined;
  return (
    <>
      <Message.Title>{t(maintenance ? 'status.maintenance' : 'status.incident')}</Message.Title>
      <Message.Description>
        <span className="status-banner__name">{item.name}</span>
        {maintenance && item.scheduled_for && item.scheduled_until ? (
          <span className="status-banner__line">
            {t('status.when', {
              start: formatTime(item.scheduled_for, language),
              end: formatTime(item.scheduled_until, language),
            })}
          </span>
        ) : null}
        {impactKey ? <span className="status-banner__line">{t('status.impact', { impact: t(impactKey) })}</span> : null}
        {item.shortlink ? (
          <a className="status-banner__link" href={item.shortlink}>
            {t('status.more')}
          </a>
        ) : null}
      </Message.Description>
    </>
  );
}

/**
 * The status-page banner (SPEC §4) at the very top of the page. It appears only when the status page
 * reports something that concerns us; failures and slow answers show nothing, and without a status
 * page (an empty statusPageUrl) nothing is fetched.
 */
export function StatusBanner() {
  const { language, t } = useI18n();
  const [choice, setChoice] = useState<BannerChoice | null>(null);

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

  if (!choice || choice.kind === 'none') return null;
  return (
    <section className="status-banner" aria-label={t('status.label')}>
      <div className="hds-container">
        <Message variant="warning" className="status-banner__message">
          {choice.kind === 'several' ? (
            <Message.Description>
              <span className="status-banner__line">{t('status.several')}</span>
              <a className="status-banner__link" href={footerLinks(language).statusPage}>
                {t('status.more_all')}
              </a>
            </Message.Description>
          ) : (
            <OneItem item={choice.item} />
          )}
        </Message>
      </div>
    </section>
  );
}
