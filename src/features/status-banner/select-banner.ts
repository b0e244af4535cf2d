/**
 * Which status-page items, if any, the banner shows (SPEC §4); what it says of them is banner-text.ts's. A scheduled
 * maintenance counts from 24 hours before its start until its end, and only when our component is
 * affected; an incident while it is unresolved. What counts is split into what is going on now and what
 * is planned, so the banner never calls a maintenance tomorrow a disruption now (docs/decisions/015).
 * Pure: the answers of the three status-page calls (statuspage.io v2 shapes) and the clock go in.
 */
import * as v from 'valibot';
import { statusListSchemas, type StatusItem, type StatusListKey } from '../../contract/status-page';

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
