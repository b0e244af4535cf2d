/**
 * Status-page items for the status banner's tests (select-banner and status-banner's, and the e2e specs
 * status-banner.spec.ts and banner-analytics.spec.ts), as statuspage.io lists them.
 */

/** What each kind is here: its status, its impact, and the state it puts our component in. */
const kinds = {
  maintenance: { status: 'scheduled', impact: 'maintenance', component: 'under_maintenance' },
  incident: { status: 'investigating', impact: 'major', component: 'degraded_performance' },
} as const;

/**
 * A scheduled maintenance or an incident under investigation of the sign-in component (`innlogging`),
 * its link made from its id; a maintenance's start and end as ISO times in `times`.
 */
export function statusItem(kind: keyof typeof kinds, id: string, name: string, times?: { from: string; until: string }) {
  const { status, impact, component } = kinds[kind];
  return {
    id,
    name,
    status,
    shortlink: `https://stspg.io/${id}`,
    impact,
    ...(times && { scheduled_for: times.from, scheduled_until: times.until }),
    components: [{ id: 'innlogging', status: component }],
  };
}

/** An ISO time this many hours from now (the browser's or the test's clock). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000).toISOString();
