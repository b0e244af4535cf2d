/**
 * What the status banner says about the items select-banner.ts chose (SPEC §4): a summary of what is
 * going on now and what is planned, then each item's details, maintenance times in Oslo time. Only the
 * banner itself needs this, so it comes with the banner's code, when there is something to show.
 */
import type { Language } from '../../contract/languages';
import type { TextKey } from '../../i18n/nb';
import { clock, dateLocales } from '../../i18n/time';
import type { BannerChoice, BannerItem } from './select-banner';

type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

/** A moment in Oslo time: its day as "22. november" / "22 November", its time as "19.08" / "19:08". */
function osloParts(value: string, language: Language): { day: string; date: string; time: string } {
  const at = new Date(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Oslo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const date = new Intl.DateTimeFormat(dateLocales[language], { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long' }).format(at);
  // The day and month are kept on one line.
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    date: date.replace(/ /g, '\u00a0'),
    time: clock(parts.hour as string, parts.minute as string, language),
  };
}

/**
 * A maintenance's time, written once and plainly: "22. november kl. 19.08–21.08" (the date once when
 * it starts and ends the same day in Oslo), "22. november kl. 23.00 – 23. november kl. 01.00" when not.
 */
export function maintenanceWindow(start: string, end: string, language: Language, t: Translate): string {
  const from = osloParts(start, language);
  const to = osloParts(end, language);
  return from.day === to.day
    ? t('status.window_one_day', { date: from.date, start: from.time, end: to.time })
    : t('status.window_two_days', { startDate: from.date, start: from.time, endDate: to.date, end: to.time });
}

const impactKeys: Record<string, TextKey> = {
  none: 'status.impact_none',
  minor: 'status.impact_minor',
  major: 'status.impact_major',
  critical: 'status.impact_critical',
  maintenance: 'status.impact_maintenance',
};

/** One item as the banner's details show it. */
export interface ItemText {
  id: string;
  /** "Driftsforstyrrelse", or "Planlagt vedlikehold 22. november kl. 19.08–21.08". */
  title: string;
  name: string;
  impact?: string;
  link?: string;
}

export interface BannerText {
  /** The lines always shown: what is going on now, then what is planned. */
  summary: string[];
  /** The details, one per item, in the same order. */
  items: ItemText[];
  /** More than one item: the details end with a link to the whole status page. */
  several: boolean;
}

function itemTitle(item: BannerItem, language: Language, t: Translate): string {
  if (item.type === 'incident' || !item.scheduled_for || !item.scheduled_until) {
    return t(item.type === 'incident' ? 'status.incident' : 'status.maintenance');
  }
  return `${t('status.maintenance')} ${maintenanceWindow(item.scheduled_for, item.scheduled_until, language, t)}`;
}

/**
 * What the banner says: one line for what is going on now (the item itself, or "several disruptions
 * now" when there are more) and one for what is planned (the maintenance and its time, or "several
 * planned maintenances"); then each item's details.
 */
export function bannerText(choice: Extract<BannerChoice, { kind: 'items' }>, language: Language, t: Translate): BannerText {
  const summary: string[] = [];
  if (choice.now.length === 1) summary.push(itemTitle(choice.now[0], language, t));
  if (choice.now.length > 1) summary.push(t('status.several'));
  if (choice.planned.length === 1) summary.push(itemTitle(choice.planned[0], language, t));
  if (choice.planned.length > 1) summary.push(t('status.several_planned'));
  const items = [...choice.now, ...choice.planned].map((item): ItemText => {
    const impactKey = item.impact ? impactKeys[item.impact] : undefined;
    return {
      id: item.id,
      title: itemTitle(item, language, t),
      name: item.name,
      impact: impactKey ? t('status.impact', { impact: t(impactKey) }) : undefined,
      link: item.shortlink,
    };
  });
  return { summary, items, several: items.length > 1 };
}
