/**
 * Email verification as a person meets it (issue #18, docs/decisions/012): a link that did not work
 * has its own picture, not the success envelope, and a link without its token offers no button that
 * can only fail.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkDidNotWork, verificationToken } from '../features/email-verification/verification-link';
import { en } from '../i18n/en';
import { I18nProvider } from '../i18n/i18n-context';
import { nn } from '../i18n/nn';
import { BrokenLinkIllustration } from '../ui/broken-link-illustration';
import { EnvelopeCheckIllustration } from '../ui/illustrations';

const calls = vi.hoisted(() => ({
  verifyEmail: vi.fn<(token: string) => Promise<void>>(),
  loadRootDocument: vi.fn(),
}));

vi.mock('../api/email-verification', () => ({ verifyEmail: calls.verifyEmail }));
vi.mock('../features/session/root-document', () => ({ loadRootDocument: calls.loadRootDocument }));

beforeEach(() => {
  calls.loadRootDocument.mockResolvedValue({ link: [] });
  calls.verifyEmail.mockRejectedValue(new Error('expired'));
});

afterEach(() => {
  vi.clearAllMocks();
});

function renderAt(path: string, language: 'en' | 'nn' = 'en') {
  const router = createMemoryRouter(
    [
      {
        lazy: () => import('./email-verification-layout'),
        children: [
          { path: '/epost-verifisering', lazy: () => import('./email-verification') },
          { path: '/epost-verifisering/fullfort', lazy: () => import('./email-verification-done') },
          { path: '/epost-verifisering/feilet', lazy: () => import('./email-verification-failed') },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider language={language} texts={language === 'en' ? en : nn}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const illustration = () => document.querySelector('.page__illustration')?.innerHTML;
const brokenLink = renderToStaticMarkup(<BrokenLinkIllustration />);
const envelope = renderToStaticMarkup(<EnvelopeCheckIllustration />);

describe('email verification', () => {
  it('a link with its token: the button and the envelope; a failure goes to the failure page, with its own picture', async () => {
    const router = renderAt('/epost-verifisering?token=AbCdEf123456');
    const button = await screen.findByRole('button', { name: en['email_verify.button'] });
    expect(illustration()).toBe(envelope);
    expect(calls.loadRootDocument).toHaveBeenCalledTimes(1);
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/epost-verifisering/feilet'));
    expect(calls.verifyEmail).toHaveBeenCalledWith('AbCdEf123456');
    expect(await screen.findByRole('heading', { level: 1, name: en['email_verify.failed_heading'] })).toBeVisible();
    expect(illustration()).toBe(brokenLink);
    expect(brokenLink).not.toBe(envelope);
    expect(brokenLink).toContain('aria-hidden="true"');
  });

  it.each(['/epost-verifisering', '/epost-verifisering/?token=', '/epost-verifisering?token=%20%20'])(
    'no token in %s: says the link is incomplete, with the way to a new one, and no button that could only fail',
    async (path) => {
      renderAt(path, 'nn');
      expect(await screen.findByText(nn['email_verify.incomplete'])).toBeVisible();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(nn['email_verify.heading']);
      expect(screen.queryByRole('button')).toBeNull();
      expect(screen.getByRole('link', { name: nn['email_verify.to_login'] })).toHaveAttribute('href', '/');
      expect(illustration()).toBe(brokenLink);
      // Nothing to verify: no call at all.
      expect(calls.loadRootDocument).not.toHaveBeenCalled();
      expect(calls.verifyEmail).not.toHaveBeenCalled();
    },
  );

  it('the done page keeps the envelope with its check', async () => {
    renderAt('/epost-verifisering/fullfort');
    expect(await screen.findByRole('heading', { level: 1, name: en['email_verify.done_heading'] })).toBeVisible();
    expect(illustration()).toBe(envelope);
  });
});

describe('which link did not work', () => {
  it.each([
    ['/epost-verifisering/feilet', '', true],
    ['/EPOST-verifisering/Feilet/', '', true],
    ['/epost-verifisering', '', true],
    ['/epost-verifisering/', '?token=', true],
    ['/epost-verifisering', '?token=abc', false],
    ['/epost-verifisering/fullfort', '', false],
  ])('%s%s: %s', (pathname, search, expected) => {
    expect(linkDidNotWork(pathname, new URLSearchParams(search))).toBe(expected);
  });

  it('a token is what the address holds, trimmed; blank is none', () => {
    expect(verificationToken(new URLSearchParams('token=%20abc%20'))).toBe('abc');
    expect(verificationToken(new URLSearchParams('token=%20'))).toBeNull();
    expect(verificationToken(new URLSearchParams('other=1'))).toBeNull();
  });
});
