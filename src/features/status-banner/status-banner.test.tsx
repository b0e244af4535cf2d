import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfig } from '../../config/runtime';
import { setRuntimeSettings } from '../../config/test-runtime-settings';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { translate } from '../../i18n/translate';
import { maintenanceWindow } from './banner-text';
import type { StatusItem } from './select-banner';

/** An item as statuspage.io sends it: null where a field has no value. */
type WireItem = { [K in keyof StatusItem]: StatusItem[K] | null };
import { hoursFromNow, statusItem } from '../../test-support/status-items';
import { bannerHeightProperty } from './banner-view';
import { announceDelayMs, forgetAnnouncement, loadBanner, StatusBanner } from './status-banner';

const enT = (key: Parameters<typeof translate>[2], params?: Record<string, string | number>) => translate({ en }, 'en', key, params);

/** A maintenance's time as toHaveTextContent compares it (white space, the no-break ones too, as plain spaces). */
const windowText = (item: WireItem) => maintenanceWindow(item.scheduled_for!, item.scheduled_until!, 'en', enT).replace(/\s+/g, ' ');

function answers({ upcoming = [], active = [], unresolved = [] }: { upcoming?: WireItem[]; active?: WireItem[]; unresolved?: WireItem[] }) {
  return {
    '/dev/statuspage/api/v2/scheduled-maintenances/upcoming.json': { scheduled_maintenances: upcoming },
    '/dev/statuspage/api/v2/scheduled-maintenances/active.json': { scheduled_maintenances: active },
    '/dev/statuspage/api/v2/incidents/unresolved.json': { incidents: unresolved },
  } as Record<string, unknown>;
}

function stubFetch(bodies: Record<string, unknown>, status = 200) {
  const fetchMock = vi.fn((url: string | URL | Request) => {
    const body = bodies[String(url)];
    return Promise.resolve(new Response(JSON.stringify(body ?? {}), { status, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const incident: WireItem = { ...statusItem('incident', 'i1', 'Slow sign-in'), scheduled_for: null, scheduled_until: null };

function maintenanceIn(hours: number, id = 'm1'): WireItem {
  return statusItem('maintenance', id, 'Upgrading the login service', { from: hoursFromNow(hours), until: hoursFromNow(hours + 2) });
}

function renderBanner() {
  return render(
    <I18nProvider language="en" texts={en}>
      <StatusBanner />
      <p>page</p>
    </I18nProvider>,
  );
}

async function settled(fetchMock: ReturnType<typeof stubFetch>) {
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  // Let the answers be read and the state settle.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  resetRuntimeConfig();
  forgetAnnouncement();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StatusBanner told to a screen reader (issue #37)', () => {
  const liveRegion = () => screen.getByRole('status');

  it('a polite live region in the page, empty, before the banner; the summary put into it once, after the banner is drawn', async () => {
    let answer = (_: unknown) => {};
    const held = new Promise((resolve) => (answer = resolve));
    const bodies = answers({ unresolved: [incident] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) => {
        await held;
        return new Response(JSON.stringify(bodies[String(url)] ?? {}), { status: 200 });
      }),
    );
    const { rerender } = renderBanner();
    // Before the status page answers: the region is there, polite, and says nothing.
    const region = liveRegion();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Service message' })).not.toBeInTheDocument();
    // Every change of the region's text, as a screen reader would hear it.
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(region.textContent ?? ''));
    observer.observe(region, { childList: true, subtree: true, characterData: true });

    answer(undefined);
    await screen.findByRole('region', { name: 'Service message' });
    await waitFor(() => expect(region).toHaveTextContent('Service message: Service disruption'));
    // The same element all along (one added with its text is often not read), still polite.
    expect(liveRegion()).toBe(region);
    // Re-renders and the details opened and closed: said once, and kept.
    rerender(
      <I18nProvider language="en" texts={en}>
        <StatusBanner />
        <p>page</p>
      </I18nProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    await new Promise((resolve) => setTimeout(resolve, announceDelayMs * 2));
    observer.disconnect();
    expect(heard.filter((text) => text !== '')).toHaveLength(1);
    expect(region).toHaveTextContent('Service disruption');
    // Not the details: only the summary is told.
    expect(region).not.toHaveTextContent('Slow sign-in');
  });

  it('a banner drawn again on the same page (the layout mounted anew) is not told again', async () => {
    stubFetch(answers({ unresolved: [incident] }));
    const first = renderBanner();
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Service disruption'));
    first.unmount();
    renderBanner();
    await screen.findByRole('region', { name: 'Service message' });
    await new Promise((resolve) => setTimeout(resolve, announceDelayMs * 2));
    expect(liveRegion()).toBeEmptyDOMElement();
  });

  it('nothing going on: the region stays empty', async () => {
    const fetchMock = stubFetch(answers({}));
    renderBanner();
    await settled(fetchMock);
    await new Promise((resolve) => setTimeout(resolve, announceDelayMs * 2));
    expect(liveRegion()).toBeEmptyDOMElement();
  });
});

describe('StatusBanner', () => {
  it('asks the three status-page URLs without credentials and with a time limit', async () => {
    const fetchMock = stubFetch(answers({}));
    renderBanner();
    await settled(fetchMock);
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).sort();
    expect(urls).toEqual([
      '/dev/statuspage/api/v2/incidents/unresolved.json',
      '/dev/statuspage/api/v2/scheduled-maintenances/active.json',
      '/dev/statuspage/api/v2/scheduled-maintenances/upcoming.json',
    ]);
    for (const call of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(call[1].credentials).toBe('omit');
      expect(call[1].signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('shows nothing when nothing is going on', async () => {
    const fetchMock = stubFetch(answers({}));
    renderBanner();
    await settled(fetchMock);
    expect(screen.queryByRole('region', { name: 'Service message' })).not.toBeInTheDocument();
  });

  it('shows one incident: the summary, and its name, impact and link behind Details', async () => {
    stubFetch(answers({ unresolved: [incident] }));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Service message' });
    expect(banner).toHaveTextContent('Service disruption');
    const details = screen.getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Slow sign-in')).not.toBeVisible();
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Slow sign-in')).toBeVisible();
    expect(banner).toHaveTextContent('Impact: major');
    expect(screen.getByRole('link', { name: 'Read more on the status page' })).toHaveAttribute('href', 'https://stspg.io/i1');
    // Escape folds the details away and leaves the keyboard on the button.
    screen.getByRole('link', { name: 'Read more on the status page' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(details).toHaveFocus();
  });

  it('shows one maintenance with its time once, in Oslo time, in the summary', async () => {
    const item = maintenanceIn(2);
    stubFetch(answers({ upcoming: [item], active: [] }));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Service message' });
    expect(banner.querySelector('.status-banner__summary')).toHaveTextContent(`Planned maintenance ${windowText(item)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(banner).toHaveTextContent('Upgrading the login service');
    expect(banner).toHaveTextContent('Impact: maintenance');
    expect(screen.getByRole('link', { name: 'Read more on the status page' })).toHaveAttribute('href', 'https://stspg.io/m1');
  });

  it('keeps room for itself at the end of the page, as tall as it is', async () => {
    stubFetch(answers({ unresolved: [incident] }));
    const { unmount } = renderBanner();
    await screen.findByRole('region', { name: 'Service message' });
    expect(document.documentElement.style.getPropertyValue(bannerHeightProperty)).toMatch(/^\d+px$/);
    unmount();
    expect(document.documentElement.style.getPropertyValue(bannerHeightProperty)).toBe('');
  });

  it('shows a maintenance listed as both upcoming and active once', async () => {
    const item = maintenanceIn(-1);
    stubFetch(answers({ upcoming: [item], active: [item] }));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Service message' });
    expect(banner).toHaveTextContent('Planned maintenance');
  });

  it('does not show a maintenance more than 24 hours ahead', async () => {
    const fetchMock = stubFetch(answers({ upcoming: [maintenanceIn(25)] }));
    renderBanner();
    await settled(fetchMock);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('with an incident now and a maintenance later, says so, not "several disruptions now"', async () => {
    const item = maintenanceIn(20);
    stubFetch(answers({ upcoming: [item], unresolved: [incident] }));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Service message' });
    const summary = banner.querySelector('.status-banner__summary');
    expect(summary).toHaveTextContent('Service disruption');
    expect(summary).toHaveTextContent(`Planned maintenance ${windowText(item)}`);
    expect(banner).not.toHaveTextContent(en['status.several']);
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(within(banner).getAllByRole('listitem')).toHaveLength(2);
    expect(banner).toHaveTextContent('Slow sign-in');
    expect(screen.getByRole('link', { name: 'See service status' })).toHaveAttribute('href', 'https://status.digipost.no/');
  });

  it('says "several disruptions now" only when several are going on now', async () => {
    stubFetch(answers({ active: [maintenanceIn(-1)], unresolved: [incident] }));
    renderBanner();
    const banner = await screen.findByRole('region', { name: 'Service message' });
    expect(banner.querySelector('.status-banner__summary')).toHaveTextContent(en['status.several']);
  });

  it('shows nothing, and says nothing, when the status page fails', async () => {
    const fetchMock = stubFetch(answers({ unresolved: [incident] }), 500);
    renderBanner();
    await settled(fetchMock);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('shows nothing when the network fails', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows nothing when an answer is malformed', async () => {
    const bodies = answers({ unresolved: [incident] });
    bodies['/dev/statuspage/api/v2/scheduled-maintenances/active.json'] = { maintenances: 'none' };
    const fetchMock = stubFetch(bodies);
    renderBanner();
    await settled(fetchMock);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows nothing when an answer is not JSON', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('<html>', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    renderBanner();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('loadBanner', () => {
  it('uses the base URL it is given, without a trailing slash', async () => {
    const fetchMock = vi.fn((url: string | URL | Request) =>
      Promise.resolve(new Response(JSON.stringify(String(url).includes('incidents') ? { incidents: [] } : { scheduled_maintenances: [] }))),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadBanner('https://status.example.no/api/v2/', 'innlogging')).resolves.toEqual({ kind: 'none' });
    expect(fetchMock).toHaveBeenCalledWith('https://status.example.no/api/v2/incidents/unresolved.json', expect.anything());
  });

  it('asks nothing and shows nothing when there is no status page (an empty statusPageUrl)', async () => {
    setRuntimeSettings({ statusPageUrl: '' });
    try {
      const fetchMock = stubFetch(answers({ unresolved: [incident] }));
      renderBanner();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.queryByRole('region', { name: 'Service message' })).not.toBeInTheDocument();
      expect(await loadBanner('', 'innlogging')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      setRuntimeSettings(null);
    }
  });
});
