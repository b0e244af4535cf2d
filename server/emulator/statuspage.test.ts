// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { emulatorForTests } from './test-emulator';

const emulator = emulatorForTests('statuspage-test');

function put(body: unknown) {
  return emulator.app.request('/dev/api/statuspage', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function list(name: string) {
  const response = await emulator.app.request(`/dev/statuspage/api/v2/${name}`, { headers: { Origin: 'https://www.example.no' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  return (await response.json()) as Record<string, { id: string }[]>;
}

function maintenance(id: string, status: string) {
  return {
    id,
    name: `Maintenance ${id}`,
    status,
    shortlink: `https://stspg.io/${id}`,
    impact: 'maintenance',
    scheduled_for: '2031-03-10T22:00:00.000Z',
    scheduled_until: '2031-03-11T01:00:00.000Z',
    components: [{ id: 'innlogging', status: 'under_maintenance' }],
  };
}

function incident(id: string, status: string) {
  return { id, name: `Incident ${id}`, status, shortlink: `https://stspg.io/${id}`, impact: 'major', components: [] };
}

beforeEach(async () => {
  expect((await put({ scheduled_maintenances: [], incidents: [] })).status).toBe(200);
});

describe('the status page emulator', () => {
  it('answers empty lists in the statuspage.io shapes when there is nothing', async () => {
    expect((await list('scheduled-maintenances/upcoming.json')).scheduled_maintenances).toEqual([]);
    expect((await list('scheduled-maintenances/active.json')).scheduled_maintenances).toEqual([]);
    expect((await list('incidents/unresolved.json')).incidents).toEqual([]);
  });

  it('sorts items into upcoming, active and unresolved by their own status', async () => {
    const response = await put({
      scheduled_maintenances: [
        maintenance('m-scheduled', 'scheduled'),
        maintenance('m-progress', 'in_progress'),
        maintenance('m-verifying', 'verifying'),
        maintenance('m-completed', 'completed'),
      ],
      incidents: [
        incident('i-investigating', 'investigating'),
        incident('i-identified', 'identified'),
        incident('i-monitoring', 'monitoring'),
        incident('i-resolved', 'resolved'),
        incident('i-postmortem', 'postmortem'),
      ],
    });
    expect(response.status).toBe(200);
    const ids = (items: { id: string }[]) => items.map((item) => item.id);
    expect(ids((await list('scheduled-maintenances/upcoming.json')).scheduled_maintenances)).toEqual(['m-scheduled']);
    expect(ids((await list('scheduled-maintenances/active.json')).scheduled_maintenances)).toEqual(['m-progress', 'm-verifying']);
    expect(ids((await list('incidents/unresolved.json')).incidents)).toEqual(['i-investigating', 'i-identified', 'i-monitoring']);
    const upcoming = (await list('scheduled-maintenances/upcoming.json')).scheduled_maintenances[0];
    expect(upcoming).toEqual(maintenance('m-scheduled', 'scheduled'));
  });

  it('reads back everything it was given', async () => {
    const body = { scheduled_maintenances: [maintenance('m1', 'completed')], incidents: [incident('i1', 'resolved')] };
    await put(body);
    const response = await emulator.app.request('/dev/api/statuspage');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(body);
  });

  it('replaces all items on every PUT', async () => {
    await put({ scheduled_maintenances: [maintenance('m1', 'scheduled')], incidents: [incident('i1', 'identified')] });
    await put({ scheduled_maintenances: [], incidents: [incident('i2', 'investigating')] });
    const response = await emulator.app.request('/dev/api/statuspage');
    expect(await response.json()).toEqual({ scheduled_maintenances: [], incidents: [incident('i2', 'investigating')] });
  });

  it('keeps the items in the database', () => {
    const count = () => (emulator.db.prepare('SELECT COUNT(*) AS n FROM statuspage_items').get() as { n: number }).n;
    expect(count()).toBe(0);
  });

  it.each([
    ['not JSON', '{'],
    ['a list', []],
    ['lists of the wrong type', { scheduled_maintenances: 'none', incidents: [] }],
    ['an item without id', { scheduled_maintenances: [{ name: 'x', status: 'scheduled' }], incidents: [] }],
    ['an item without status', { scheduled_maintenances: [], incidents: [{ id: 'i1', name: 'x' }] }],
    ['an item with a bad time', { scheduled_maintenances: [{ ...maintenance('m1', 'scheduled'), scheduled_for: 'soon' }], incidents: [] }],
    ['bad components', { scheduled_maintenances: [{ ...maintenance('m1', 'scheduled'), components: [{ id: 1 }] }], incidents: [] }],
    ['a repeated id', { scheduled_maintenances: [maintenance('x', 'scheduled')], incidents: [incident('x', 'identified')] }],
  ])('refuses %s with 400 VALIDATION_FAILED and keeps what it had', async (_, body) => {
    await put({ scheduled_maintenances: [], incidents: [incident('kept', 'identified')] });
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ 'error-code': 'VALIDATION_FAILED' });
    expect((await list('incidents/unresolved.json')).incidents.map((item) => item.id)).toEqual(['kept']);
  });

  it('answers a CORS preflight for the status API', async () => {
    const response = await emulator.app.request('/dev/statuspage/api/v2/incidents/unresolved.json', {
      method: 'OPTIONS',
      headers: { Origin: 'https://www.example.no', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});
