import { describe, expect, it } from 'vitest';
import { parseStatusPageJson } from '../../contract/status-page';
import { maintenanceNotice, readItems, selectBanner, type StatusItem } from './select-banner';

const hour = 60 * 60 * 1000;
const start = Date.parse('2031-03-10T22:00:00Z');
const end = start + 3 * hour;

function maintenance(overrides: Partial<StatusItem> = {}): StatusItem {
  return {
    id: 'm1',
    name: 'Oppgradering av innlogging',
    status: 'scheduled',
    shortlink: 'https://stspg.io/m1',
    impact: 'maintenance',
    scheduled_for: new Date(start).toISOString(),
    scheduled_until: new Date(end).toISOString(),
    components: [{ id: 'innlogging', status: 'under_maintenance' }],
    ...overrides,
  };
}

function incident(overrides: Partial<StatusItem> = {}): StatusItem {
  return {
    id: 'i1',
    name: 'Treg innlogging',
    status: 'investigating',
    shortlink: 'https://stspg.io/i1',
    impact: 'major',
    components: [],
    ...overrides,
  };
}

const none = { upcoming: [], active: [], unresolved: [] };

describe('selectBanner', () => {
  it('shows nothing when there is nothing', () => {
    expect(selectBanner(none, 'innlogging', start)).toEqual({ kind: 'none' });
  });

  describe('the 24-hour window of a scheduled maintenance', () => {
    const upcoming = { ...none, upcoming: [maintenance()] };

    it('counts from exactly 24 hours before the start', () => {
      expect(selectBanner(upcoming, 'innlogging', start - maintenanceNotice)).toMatchObject({
        kind: 'one',
        item: { id: 'm1', type: 'scheduled_maintenance' },
      });
    });

    it('does not count 1 ms earlier', () => {
      expect(selectBanner(upcoming, 'innlogging', start - maintenanceNotice - 1)).toEqual({ kind: 'none' });
    });

    it('counts during the maintenance and until 1 ms before its end', () => {
      expect(selectBanner(upcoming, 'innlogging', start).kind).toBe('one');
      expect(selectBanner(upcoming, 'innlogging', end - 1).kind).toBe('one');
    });

    it('does not count from its end on', () => {
      expect(selectBanner(upcoming, 'innlogging', end)).toEqual({ kind: 'none' });
      expect(selectBanner(upcoming, 'innlogging', end + hour)).toEqual({ kind: 'none' });
    });

    it('accepts a Date as now', () => {
      expect(selectBanner(upcoming, 'innlogging', new Date(start - hour)).kind).toBe('one');
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
      expect(selectBanner({ ...none, active: [item] }, 'innlogging', start).kind).toBe('one');
    });

    it('uses the component id it is given', () => {
      expect(selectBanner({ ...none, active: [maintenance()] }, 'postkasse', start)).toEqual({ kind: 'none' });
    });
  });

  describe('maintenance status', () => {
    it.each(['scheduled', 'in_progress', 'verifying'])('%s counts', (status) => {
      expect(selectBanner({ ...none, active: [maintenance({ status })] }, 'innlogging', start).kind).toBe('one');
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
        kind: 'one',
        item: { id: 'i1', type: 'incident', status },
      });
    });

    it.each(['resolved', 'postmortem'])('%s does not count', (status) => {
      expect(selectBanner({ ...none, unresolved: [incident({ status })] }, 'innlogging', start)).toEqual({ kind: 'none' });
    });
  });

  it('counts a maintenance listed both as upcoming and active once', () => {
    const item = maintenance({ status: 'in_progress' });
    expect(selectBanner({ ...none, upcoming: [item], active: [item] }, 'innlogging', start)).toMatchObject({
      kind: 'one',
      item: { id: 'm1' },
    });
  });

  it('counts the same incident listed twice once', () => {
    expect(selectBanner({ ...none, unresolved: [incident(), incident()] }, 'innlogging', start).kind).toBe('one');
  });

  it('reports several items with their count', () => {
    const answers = {
      upcoming: [maintenance(), maintenance({ id: 'm2' })],
      active: [maintenance()],
      unresolved: [incident(), incident({ id: 'i2', status: 'resolved' })],
    };
    expect(selectBanner(answers, 'innlogging', start)).toEqual({ kind: 'several', count: 3 });
  });

  it('counts only the items that count towards several', () => {
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
    expect(selectBanner(answers, 'innlogging', start)).toMatchObject({ kind: 'one', item: { id: 'i1' } });
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
