/**
 * Which status-page items, if any, the banner shows (SPEC §4), and what it says about them. A scheduled
 * maintenance counts from 24 hours before its start until its end, and only when our component is
 * affected; an incident while it is unresolved. What counts is split into what is going on now and what
 * is planned, so the banner never calls a maintenance tomorrow a disruption now (docs/decisions/015).
 * Pure: the answers of the three status-page calls (statuspage.io v2 shapes) and the clock go in.
 */
import * as v from 'valibot';
import { statusListSchemas, type StatusItem, type StatusListKey } from '../../contract/status-page';
import type { Language } from '../../contract/languages';
import type { TextKey } from '../../i18n/nb';
import { clock, dateLocales } from '../../i18n/time';

export type { StatusComponent, StatusItem } from '../../contract/status-page';

export type BannerItem = StatusItem & { type: 'scheduled_maintenance' | 'incident' };

/** Nothing to show, or the items: those going on now (incidents first) and those planned (soonest first). */
export type BannerChoice = { kind: 'none' } | { kind: 'items'; now: BannerItem[]; planned: BannerItem[] };

export interface StatusAnswers {
  upcoming: StatusItem[];
  active: StatusItem[];
  unresolved: StatusItem[];
}

/** How long before its start a scheduled maintenance is announced. */
export const maintenanceNotice = 24 * 60 * 60 * 1000;

const finishedIncident = new Set(['resolved', 'postmortem']);
const finishedMaintenance = new Set(['completed']);

function time(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

function maintenanceCounts(item: StatusItem, componentId: string, now: number): boolean {
  if (finishedMaintenance.has(item.status)) return false;
  const start = time(item.scheduled_for);
  const end = time(item.scheduled_until);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  if (now < start - maintenanceNotice || now >= end) return false;
  return (item.components ?? []).some((component) => component.id === componentId && component.status !== 'operational');
}

function incidentCounts(item: StatusItem): boolean {
  return !finishedIncident.has(item.status);
}

export function selectBanner(answers: StatusAnswers, componentId: string, now: Date | number): BannerChoice {
  const at = typeof now === 'number' ? now : now.getTime();
  const seen = new Set<string>();
  const incidents: BannerItem[] = [];
  const maintenances: BannerItem[] = [];
  for (const item of answers.unresolved) {
    if (!seen.has(item.id) && incidentCounts(item)) {
      seen.add(item.id);
      incidents.push({ ...item, type: 'incident' });
    }
  }
  for (const item of [...answers.upcoming, ...answers.active]) {
    if (!seen.has(item.id) && maintenanceCounts(item, componentId, at)) {
      seen.add(item.id);
      maintenances.push({ ...item, type: 'scheduled_maintenance' });
    }
  }
  maintenances.sort((a, b) => time(a.scheduled_for) - time(b.scheduled_for));
  // A maintenance whose start has come is going on now, whatever status the status page gives it yet.
  const ongoing = maintenances.filter((item) => time(item.scheduled_for) <= at);
  const planned = maintenances.filter((item) => time(item.scheduled_for) > at);
  const current = [...incidents, ...ongoing];
  if (current.length === 0 && planned.length === 0) return { kind: 'none' };
  return { kind: 'items', now: current, planned };
}

/** The list under `key` in a status-page answer (contract/status-page.ts), or null when the answer is malformed. */
export function readItems(answer: unknown, key: StatusListKey): StatusItem[] | null {
  const parsed = v.safeParse(statusListSchemas[key], answer);
  return parsed.success ? ((parsed.output as Partial<Record<StatusListKey, StatusItem[]>>)[key] ?? null) : null;
}

/* ---------------------------------------------------------------------------------------------- */
/* What the banner says                                                                             */
/* ---------------------------------------------------------------------------------------------- */

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
