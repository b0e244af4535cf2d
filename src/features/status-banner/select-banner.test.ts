import { describe, expect, it } from 'vitest';
import { parseStatusPageJson } from '../../contract/status-page';
import type { Language } from '../../contract/languages';
import { en } from '../../i18n/en';
import { nb, type TextKey } from '../../i18n/nb';
import { nn } from '../../i18n/nn';
import { translate } from '../../i18n/translate';
import { statusItem } from '../../test-support/status-items';
import { bannerText, maintenanceWindow } from './banner-text';
import { maintenanceNotice, readItems, selectBanner, type BannerChoice, type StatusItem } from './select-banner';

const hour = 60 * 60 * 1000;
const start = Date.parse('2031-03-10T22:00:00Z');
const end = start + 3 * hour;

function maintenance(overrides: Partial<StatusItem> = {}): StatusItem {
  const times = { from: new Date(start).toISOString(), until: new Date(end).toISOString() };
  return { ...statusItem('maintenance', 'm1', 'Oppgradering av innlogging', times), ...overrides };
}

/** No components: an incident counts whichever it names. */
function incident(overrides: Partial<StatusItem> = {}): StatusItem {
  return { ...statusItem('incident', 'i1', 'Treg innlogging'), components: [], ...overrides };
}

const none: { upcoming: StatusItem[]; active: StatusItem[]; unresolved: StatusItem[] } = { upcoming: [], active: [], unresolved: [] };

/** The ids of what a choice shows, now and planned. */
function ids(choice: BannerChoice) {
  return choice.kind === 'none' ? null : { now: choice.now.map((item) => item.id), planned: choice.planned.map((item) => item.id) };
}

describe('selectBanner', () => {
  it('shows nothing when there is nothing', () => {
    expect(selectBanner(none, 'innlogging', start)).toEqual({ kind: 'none' });
  });

  describe('the 24-hour window of a scheduled maintenance', () => {
    const upcoming = { ...none, upcoming: [maintenance()] };

    it('counts from exactly 24 hours before the start', () => {
      expect(selectBanner(upcoming, 'innlogging', start - maintenanceNotice)).toMatchObject({
        kind: 'items',
        now: [],
        planned: [{ id: 'm1', type: 'scheduled_maintenance' }],
      });
    });

    it('does not count 1 ms earlier', () => {
      expect(selectBanner(upcoming, 'innlogging', start - maintenanceNotice - 1)).toEqual({ kind: 'none' });
    });

    it('counts during the maintenance and until 1 ms before its end', () => {
      expect(selectBanner(upcoming, 'innlogging', start).kind).toBe('items');
      expect(selectBanner(upcoming, 'innlogging', end - 1).kind).toBe('items');
    });

    it('does not count from its end on', () => {
      expect(selectBanner(upcoming, 'innlogging', end)).toEqual({ kind: 'none' });
      expect(selectBanner(upcoming, 'innlogging', end + hour)).toEqual({ kind: 'none' });
    });

    it('accepts a Date as now', () => {
      expect(selectBanner(upcoming, 'innlogging', new Date(start - hour)).kind).toBe('items');
    });

    it('does not count without valid times', () => {
      expect(selectBanner({ ...none, active: [maintenance({ scheduled_until: undefined })] }, 'innlogging', start)).toEqual({
        kind: 'none',
      });
      expect(selectBanner({ ...none, active: [maintenance({ scheduled_for: 'soon' })] }, 'innlogging', start)).toEqual({
        kind: 'none',
      });
    });
  });

  describe('the component rule', () => {
    it('counts only when the configured component is affected', () => {
      const other = maintenance({ components: [{ id: 'postkasse', status: 'under_maintenance' }] });
      expect(selectBanner({ ...none, active: [other] }, 'innlogging', start)).toEqual({ kind: 'none' });
    });

    it('does not count when the component is operational', () => {
      const operational = maintenance({ components: [{ id: 'innlogging', status: 'operational' }] });
      expect(selectBanner({ ...none, active: [operational] }, 'innlogging', start)).toEqual({ kind: 'none' });
    });

    it('does not count without components', () => {
      expect(selectBanner({ ...none, active: [maintenance({ components: [] })] }, 'innlogging', start)).toEqual({
        kind: 'none',
      });
      expect(selectBanner({ ...none, active: [maintenance({ components: undefined })] }, 'innlogging', start)).toEqual({
        kind: 'none',
      });
    });

    it.each(['degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'])('counts when the component is %s', (status) => {
      const item = maintenance({
        components: [
          { id: 'postkasse', status: 'operational' },
          { id: 'innlogging', status },
        ],
      });
      expect(selectBanner({ ...none, active: [item] }, 'innlogging', start).kind).toBe('items');
    });

    it('uses the component id it is given', () => {
      expect(selectBanner({ ...none, active: [maintenance()] }, 'postkasse', start)).toEqual({ kind: 'none' });
    });
  });

  describe('maintenance status', () => {
    it.each(['scheduled', 'in_progress', 'verifying'])('%s counts', (status) => {
      expect(selectBanner({ ...none, active: [maintenance({ status })] }, 'innlogging', start).kind).toBe('items');
    });

    it('completed does not count', () => {
      expect(selectBanner({ ...none, active: [maintenance({ status: 'completed' })] }, 'innlogging', start)).toEqual({
        kind: 'none',
      });
    });
  });

  describe('incidents', () => {
    it.each(['investigating', 'identified', 'monitoring'])('%s counts', (status) => {
      expect(selectBanner({ ...none, unresolved: [incident({ status })] }, 'innlogging', start)).toMatchObject({
        kind: 'items',
        now: [{ id: 'i1', type: 'incident', status }],
        planned: [],
      });
    });

    it.each(['resolved', 'postmortem'])('%s does not count', (status) => {
      expect(selectBanner({ ...none, unresolved: [incident({ status })] }, 'innlogging', start)).toEqual({ kind: 'none' });
    });
  });

  it('counts a maintenance listed both as upcoming and active once', () => {
    const item = maintenance({ status: 'in_progress' });
    expect(ids(selectBanner({ ...none, upcoming: [item], active: [item] }, 'innlogging', start))).toEqual({ now: ['m1'], planned: [] });
  });

  it('counts the same incident listed twice once', () => {
    expect(ids(selectBanner({ ...none, unresolved: [incident(), incident()] }, 'innlogging', start))).toEqual({ now: ['i1'], planned: [] });
  });

  it('splits what is going on now (incidents first) from what is planned (soonest first)', () => {
    const answers = {
      upcoming: [
        maintenance({ id: 'later', scheduled_for: new Date(start + 2 * hour).toISOString(), scheduled_until: new Date(end + 2 * hour).toISOString() }),
        maintenance({ id: 'soon', scheduled_for: new Date(start + hour).toISOString() }),
        maintenance(),
      ],
      active: [maintenance()],
      unresolved: [incident(), incident({ id: 'i2', status: 'resolved' })],
    };
    expect(ids(selectBanner(answers, 'innlogging', start))).toEqual({ now: ['i1', 'm1'], planned: ['soon', 'later'] });
  });

  it('counts a maintenance whose start has come as going on now, whatever its status says', () => {
    const scheduled = { ...none, upcoming: [maintenance({ status: 'scheduled' })] };
    expect(ids(selectBanner(scheduled, 'innlogging', start - 1))).toEqual({ now: [], planned: ['m1'] });
    expect(ids(selectBanner(scheduled, 'innlogging', start))).toEqual({ now: ['m1'], planned: [] });
  });

  it('leaves out what does not count', () => {
    const answers = {
      upcoming: [
        maintenance({
          scheduled_for: new Date(start + 2 * maintenanceNotice).toISOString(),
          scheduled_until: new Date(start + 3 * maintenanceNotice).toISOString(),
        }),
      ],
      active: [],
      unresolved: [incident()],
    };
    expect(ids(selectBanner(answers, 'innlogging', start))).toEqual({ now: ['i1'], planned: [] });
  });
});

const t = (language: Language) => (key: TextKey, params?: Record<string, string | number>) => translate({ nb, nn, en }, language, key, params);

/** An ISO time from Oslo wall-clock time in March 2031 (UTC+1). */
function oslo(day: number, hours: number, minutes: number): string {
  return new Date(Date.UTC(2031, 2, day, hours - 1, minutes)).toISOString();
}

describe('maintenanceWindow', () => {
  it.each([
    ['nb', '22.\u00a0mars kl. 19.08–21.08', '22.\u00a0mars kl. 23.00 – 23.\u00a0mars kl. 01.30'],
    ['nn', '22.\u00a0mars kl. 19.08–21.08', '22.\u00a0mars kl. 23.00 – 23.\u00a0mars kl. 01.30'],
    ['en', '22\u00a0March 19:08–21:08', '22\u00a0March 23:00 – 23\u00a0March 01:30'],
  ] as const)('%s: the date once when it starts and ends the same day, both dates when it ends another day', (language, sameDay, anotherDay) => {
    expect(maintenanceWindow(oslo(22, 19, 8), oslo(22, 21, 8), language, t(language))).toBe(sameDay);
    expect(maintenanceWindow(oslo(22, 23, 0), oslo(23, 1, 30), language, t(language))).toBe(anotherDay);
  });

  it('reads the day in Oslo, not in UTC (22:30–23:30 Oslo is 21:30–22:30 UTC; 00:30 Oslo is the day before in UTC)', () => {
    expect(maintenanceWindow('2031-11-22T23:30:00Z', '2031-11-23T01:00:00Z', 'nb', t('nb'))).toBe('23.\u00a0november kl. 00.30–02.00');
    // Summer time: UTC+2.
    expect(maintenanceWindow('2031-06-10T17:00:00Z', '2031-06-10T19:15:00Z', 'en', t('en'))).toBe('10\u00a0June 19:00–21:15');
  });

  it('writes midnight as 00.00', () => {
    expect(maintenanceWindow(oslo(22, 22, 0), oslo(23, 0, 0), 'nb', t('nb'))).toBe('22.\u00a0mars kl. 22.00 – 23.\u00a0mars kl. 00.00');
  });
});

describe('bannerText', () => {
  const now = Date.parse(oslo(22, 12, 0));
  const today = maintenance({ id: 'today', scheduled_for: oslo(22, 19, 8), scheduled_until: oslo(22, 21, 8) });
  const tomorrow = maintenance({ id: 'tomorrow', name: 'Ny versjon', scheduled_for: oslo(23, 8, 0), scheduled_until: oslo(23, 9, 0) });
  const going = maintenance({ id: 'going', status: 'in_progress', scheduled_for: oslo(22, 11, 0), scheduled_until: oslo(22, 13, 0) });
  const text = (answers: Partial<typeof none>, language: Language = 'nb') => {
    const choice = selectBanner({ ...none, ...answers }, 'innlogging', now);
    if (choice.kind === 'none') throw new Error('expected items');
    return bannerText(choice, language, t(language));
  };

  it('one maintenance: its title and time, once; the details its name, impact and link', () => {
    expect(text({ upcoming: [today] })).toEqual({
      summary: ['Planlagt vedlikehold 22.\u00a0mars kl. 19.08–21.08'],
      items: [
        {
          id: 'today',
          title: 'Planlagt vedlikehold 22.\u00a0mars kl. 19.08–21.08',
          name: 'Oppgradering av innlogging',
          impact: 'Påvirkning: vedlikehold',
          link: 'https://stspg.io/m1',
        },
      ],
      several: false,
    });
  });

  it.each([
    ['nb', ['Driftsforstyrrelse', 'Planlagt vedlikehold 23.\u00a0mars kl. 08.00–09.00']],
    ['nn', ['Driftsforstyrring', 'Planlagt vedlikehald 23.\u00a0mars kl. 08.00–09.00']],
    ['en', ['Service disruption', 'Planned maintenance 23\u00a0March 08:00–09:00']],
  ] as const)('%s: an incident now and a maintenance tomorrow are told apart, not "several disruptions now"', (language, summary) => {
    const said = text({ upcoming: [tomorrow], unresolved: [incident()] }, language);
    expect(said.summary).toEqual(summary);
    expect(said.summary.join(' ')).not.toContain(t(language)('status.several'));
    expect(said.several).toBe(true);
    expect(said.items.map((item) => item.name)).toEqual(['Treg innlogging', 'Ny versjon']);
  });

  it('several going on now: "several disruptions now"', () => {
    expect(text({ active: [going], unresolved: [incident()] }).summary).toEqual(['Flere driftsforstyrrelser akkurat nå']);
  });

  it('several planned and nothing now: planned maintenance, not disruptions', () => {
    expect(text({ upcoming: [tomorrow, today] }, 'en').summary).toEqual(['Planned maintenance several times in the next 24 hours']);
  });

  it('one going on now and several planned: each told for what it is', () => {
    expect(text({ upcoming: [tomorrow, today], unresolved: [incident()] }, 'nn').summary).toEqual([
      'Driftsforstyrring',
      'Planlagt vedlikehald fleire gonger det neste døgnet',
    ]);
  });

  it('leaves out an impact it does not know, and a missing link', () => {
    const [item] = text({ unresolved: [incident({ impact: 'unknown', shortlink: undefined })] }).items;
    expect(item.impact).toBeUndefined();
    expect(item.link).toBeUndefined();
  });
});

describe('readItems', () => {
  it('reads the list under its key', () => {
    expect(readItems({ page: {}, scheduled_maintenances: [maintenance()] }, 'scheduled_maintenances')).toHaveLength(1);
    expect(readItems({ incidents: [] }, 'incidents')).toEqual([]);
  });

  it.each([
    ['null', null],
    ['a list', []],
    ['the wrong key', { incidents: [] }],
    ['a list of strings', { scheduled_maintenances: ['x'] }],
    ['an item without id', { scheduled_maintenances: [{ name: 'x', status: 'scheduled' }] }],
    ['an item with bad components', { scheduled_maintenances: [maintenance({ components: 'innlogging' as never })] }],
  ])('rejects %s', (_, answer) => {
    expect(readItems(answer, 'scheduled_maintenances')).toBeNull();
  });

  it.each([
    ['times that are not strings', { scheduled_for: 5 as never }],
    ['an empty id', { id: '' }],
    ['a name that is not a string', { name: null as never }],
    ['a component without a status', { components: [{ id: 'innlogging' } as never] }],
  ])('rejects the whole answer for one item with %s', (_, overrides) => {
    expect(readItems({ scheduled_maintenances: [maintenance(), maintenance({ id: 'm2', ...overrides })] }, 'scheduled_maintenances')).toBeNull();
  });

  it('leaves out fields the banner does not read', () => {
    const item = { id: 'i9', name: 'Treg innlogging', status: 'investigating', created_at: '2031-03-10T21:00:00Z', page_id: 'p' };
    expect(readItems({ page: { id: 'p' }, incidents: [item] }, 'incidents')).toEqual([{ id: 'i9', name: 'Treg innlogging', status: 'investigating' }]);
  });

  it('reads the JSON with null fields as missing ones (parseStatusPageJson), and nothing else', () => {
    const text = JSON.stringify({ incidents: [{ id: 'i9', name: 'Treg', status: 'investigating', shortlink: null, scheduled_for: null, components: [] }] });
    expect(readItems(parseStatusPageJson(text), 'incidents')).toEqual([{ id: 'i9', name: 'Treg', status: 'investigating', components: [] }]);
    expect(readItems(parseStatusPageJson('null'), 'incidents')).toBeNull();
    expect(readItems(parseStatusPageJson('{"incidents":[null]}'), 'incidents')).toBeNull();
    expect(readItems(parseStatusPageJson('{"incidents":[{"id":"i9","name":null,"status":"x"}]}'), 'incidents')).toBeNull();
    expect(() => parseStatusPageJson('<html>')).toThrow();
  });
});
