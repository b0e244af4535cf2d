/**
 * The wrong-role dialog's two ways out (log out, go on) leave through leaveFor (leave.ts), and a
 * departure waits for the analytics hand-over once: logout() does not wait on its own as well.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '../../contract/answers';
import type { RootDocument } from '../../api/root';
import { roleHomes } from '../../config/paths';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import type * as Leave from './leave';
import type * as Track from '../analytics';
import { WrongRoleDialog } from './wrong-role-dialog';

const calls = vi.hoisted(() => ({
  logoutCall: vi.fn<(link: Link, finalDestination?: string) => Promise<string>>(),
  track: vi.fn(),
  analyticsHandedOver: vi.fn<() => Promise<void>>(),
  leaveFor: vi.fn<(url: string, options?: { replace?: boolean }) => Promise<never>>(),
}));

vi.mock('../../api/login', () => ({ logoutCall: calls.logoutCall }));
vi.mock('../analytics/track', async (importOriginal) => ({
  ...(await importOriginal<typeof Track>()),
  track: calls.track,
  analyticsHandedOver: calls.analyticsHandedOver,
}));
// The real leaveFor, watched.
vi.mock('./leave', async (importOriginal) => {
  const real = await importOriginal<typeof Leave>();
  calls.leaveFor.mockImplementation(real.leaveFor);
  return { ...real, leaveFor: calls.leaveFor };
});

const business = {
  role: 'VIRKSOMHET',
  link: [
    { rel: 'https://example.test/relations/logout', uri: '/post/api/logout' },
    { rel: 'https://example.test/relations/logout_idp', uri: '/post/api/logout/idp' },
  ],
} as RootDocument;

const idpLogout = '/dev/idp/logout?next=%2Finnlogging%2F';
let assign: ReturnType<typeof vi.fn>;
/** Ends the pending hand-over to analytics. */
let handedOver: () => void;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, pathname: '/innlogging/', search: '?lang=en' });
  calls.logoutCall.mockResolvedValue(idpLogout);
  calls.analyticsHandedOver.mockImplementation(() => new Promise<void>((resolve) => (handedOver = resolve)));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderDialog() {
  render(
    <I18nProvider language="en" texts={en}>
      <WrongRoleDialog root={business} signedInAs="VIRKSOMHET" />
    </I18nProvider>,
  );
}

describe('the wrong-role dialog', () => {
  it('logging out leaves through leaveFor, after one wait for the analytics hand-over (not one in logout() as well)', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: en['wrong_role.logout'] }));
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledWith(idpLogout));
    expect(calls.logoutCall).toHaveBeenCalledWith(expect.objectContaining({ uri: '/post/api/logout/idp' }), '/innlogging/?lang=en');
    // The logout's event is tracked before the page waits to hand it over.
    expect(calls.track).toHaveBeenCalledTimes(1);
    expect(calls.track.mock.invocationCallOrder[0]).toBeLessThan(calls.analyticsHandedOver.mock.invocationCallOrder[0]);
    expect(calls.analyticsHandedOver).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    handedOver();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(idpLogout));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(calls.analyticsHandedOver).toHaveBeenCalledTimes(1);
  });

  it('a second press while logging out does not log out or leave twice', async () => {
    renderDialog();
    const button = screen.getByRole('button', { name: en['wrong_role.logout'] });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls.leaveFor).toHaveBeenCalledTimes(1));
    expect(calls.logoutCall).toHaveBeenCalledTimes(1);
    expect(calls.analyticsHandedOver).toHaveBeenCalledTimes(1);
  });

  it('going on leaves through leaveFor for the home of the role signed in', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: en['wrong_role.stay'] }));
    expect(calls.leaveFor).toHaveBeenCalledWith(roleHomes.VIRKSOMHET);
    expect(calls.analyticsHandedOver).toHaveBeenCalledTimes(1);
    expect(calls.logoutCall).not.toHaveBeenCalled();
    handedOver();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(roleHomes.VIRKSOMHET));
  });
});
