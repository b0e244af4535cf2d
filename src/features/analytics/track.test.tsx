import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const analytics = vi.hoisted(() => ({
  track: vi.fn(),
  startAnalytics: vi.fn(),
  handOver: vi.fn((_within?: number) => Promise.resolve()),
}));
vi.mock('./analytics', () => analytics);
import { expectSettledAfter } from '../../test-support/fake-timers';
import { analyticsHandOverMs } from './track';

/** track.ts afresh: its state (whether anything was tracked, the held calls) is per page. */
async function freshTrack() {
  vi.resetModules();
  return import('./track');
}

const input = { category: 'login-private-user', action: 'link click', label: 'register' } as const;

beforeEach(() => {
  vi.useFakeTimers();
  analytics.track.mockClear();
  analytics.handOver.mockReset();
  analytics.handOver.mockImplementation(() => Promise.resolve());
});

afterEach(() => {
  vi.useRealTimers();
});

describe('analyticsHandedOver', () => {
  it('resolves at once, without bringing in the analytics code, when nothing was tracked', async () => {
    const { analyticsHandedOver } = await freshTrack();
    await analyticsHandedOver();
    expect(analytics.startAnalytics).not.toHaveBeenCalled();
    expect(analytics.handOver).not.toHaveBeenCalled();
  });

  it('brings in the analytics code, hands it what was tracked, then has it hand the events over', async () => {
    const { analyticsHandedOver, track } = await freshTrack();
    track(input);
    await analyticsHandedOver();
    expect(analytics.track).toHaveBeenCalledWith(input, expect.stringContaining(window.location.origin));
    expect(analytics.handOver).toHaveBeenCalledTimes(1);
    expect(analytics.track.mock.invocationCallOrder[0]).toBeLessThan(analytics.handOver.mock.invocationCallOrder[0]);
  });

  it(`gives up after ${analyticsHandOverMs} ms`, async () => {
    analytics.handOver.mockImplementation(() => new Promise(() => {}));
    const { analyticsHandedOver, track } = await freshTrack();
    track(input);
    await expectSettledAfter(analyticsHandedOver(), analyticsHandOverMs);
  });
});

describe('trackLinkClick', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin, pathname: '/innlogging/', search: '' });
    leftToBrowser = null;
    document.addEventListener('click', lastClick);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.removeEventListener('click', lastClick);
  });

  /** Whether the app left the click to the browser; the browser (jsdom) is then kept from following it. */
  let leftToBrowser: boolean | null = null;
  const lastClick = (event: MouseEvent) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault();
  };

  let module: Awaited<ReturnType<typeof freshTrack>>;

  async function link(target?: string) {
    module = await freshTrack();
    const { trackLinkClick } = module;
    render(
      <a href="/registrering/nb/person" target={target} onClick={trackLinkClick(input)}>
        Registrer deg
      </a>,
    );
    return screen.getByRole('link');
  }

  it('tracks a plain click and follows the link once the event is handed over', async () => {
    let handOverDone: () => void = () => {};
    analytics.handOver.mockImplementation(() => new Promise<void>((resolve) => (handOverDone = resolve)));
    const registerLink = await link();
    fireEvent.click(registerLink);
    expect(leftToBrowser).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(analytics.track).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    handOverDone();
    await vi.advanceTimersByTimeAsync(0);
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/registrering/nb/person`);
  });

  it.each([
    ['a Ctrl click', { ctrlKey: true }],
    ['a Cmd click', { metaKey: true }],
    ['a Shift click', { shiftKey: true }],
    ['a middle click', { button: 1 }],
  ])('tracks %s and leaves it to the browser', async (_, options) => {
    const registerLink = await link();
    fireEvent.click(registerLink, options);
    expect(leftToBrowser).toBe(true);
    await vi.advanceTimersByTimeAsync(analyticsHandOverMs);
    expect(assign).not.toHaveBeenCalled();
    // Tracked all the same: the page stays, and sends it as usual.
    module.startAnalytics();
    await vi.advanceTimersByTimeAsync(0);
    expect(analytics.track).toHaveBeenCalledTimes(1);
  });

  it('leaves a link that opens elsewhere, or a click already handled, to the browser', async () => {
    fireEvent.click(await link('_blank'));
    expect(leftToBrowser).toBe(true);
    const registerLink = screen.getByRole('link');
    registerLink.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(registerLink);
    await vi.advanceTimersByTimeAsync(analyticsHandOverMs);
    expect(assign).not.toHaveBeenCalled();
  });
});
