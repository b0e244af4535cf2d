/**
 * Which status-page item, if any, the banner shows (SPEC §4): a scheduled maintenance from 24 hours
 * before its start until its end, and only when our component is affected; an incident while it is
 * unresolved. Pure: the answers of the three status-page calls (statuspage.io v2 shapes) go in.
 */
import * as v from 'valibot';
import { statusListSchemas, type StatusItem, type StatusListKey } from '../../contract/status-page';

export type { StatusComponent, StatusItem } from '../../contract/status-page';

export type BannerItem = StatusItem & { type: 'scheduled_maintenance' | 'incident' };

export type BannerChoice = { kind: 'none' } | { kind: 'several'; count: number } | { kind: 'one'; item: BannerItem };

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
  const chosen = new Map<string, BannerItem>();
  for (const item of [...answers.upcoming, ...answers.active]) {
    if (!chosen.has(item.id) && maintenanceCounts(item, componentId, at)) {
      chosen.set(item.id, { ...item, type: 'scheduled_maintenance' });
    }
  }
  for (const item of answers.unresolved) {
    if (!chosen.has(item.id) && incidentCounts(item)) chosen.set(item.id, { ...item, type: 'incident' });
  }
  const items = [...chosen.values()];
  if (items.length === 0) return { kind: 'none' };
  if (items.length === 1) return { kind: 'one', item: items[0] };
  return { kind: 'several', count: items.length };
}

/** The list under `key` in a status-page answer (contract/status-page.ts), or null when the answer is malformed. */
export function readItems(answer: unknown, key: StatusListKey): StatusItem[] | null {
  const parsed = v.safeParse(statusListSchemas[key], answer);
  return parsed.success ? ((parsed.output as Partial<Record<StatusListKey, StatusItem[]>>)[key] ?? null) : null;
}
