import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logEndpoint } from '../../api/log';
import type { RootDocument } from '../../api/root';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb } from '../../i18n/nb';
import ResetWizard from './reset-wizard';

const root: RootDocument = { link: [{ rel: '/post/api/relations/reset_password', uri: '/post/api/passwordreset' }] };
const startEid = vi.fn();
let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

function answerReset(status: number, body: unknown, headers: Record<string, string> = {}) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === logEndpoint) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
}

async function identify(language: 'nb' | 'en', texts: typeof nb | typeof en) {
  const user = userEvent.setup();
  render(
    <I18nProvider language={language} texts={texts}>
      <ResetWizard
        open
        onClose={() => {}}
        root={root}
        eidReset={
          <button type="button" onClick={startEid}>
            eID reset
          </button>
        }
      />
    </I18nProvider>,
  );
  await user.type(screen.getByLabelText(texts['reset.phone']), '41234567');
  await user.type(screen.getByLabelText(texts['login.national_id']), '01817010055');
  await user.click(screen.getByRole('button', { name: texts['reset.send_codes'] }));
  return user;
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  startEid.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reset wizard at its limit', () => {
  it('RESET_PASSWORD_LIMIT: the wait, eID offered, phone and ID kept, focus on the message, nothing logged', async () => {
    answerReset(429, { 'error-code': 'RESET_PASSWORD_LIMIT', 'error-message': 'Too many resets' }, { 'Retry-After': '7201' });
    const user = await identify('nb', nb);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Prøv igjen om 3 timer.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText(nb['reset.phone'])).toHaveValue('41234567');
    expect(screen.getByLabelText(nb['login.national_id'])).toHaveValue('01817010055');
    await user.click(screen.getByRole('button', { name: 'eID reset' }));
    expect(startEid).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint)).toHaveLength(0);
  });

  it('a 429 without a code or a wait: try again later, eID offered', async () => {
    answerReset(429, {});
    await identify('en', en);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Try again later.');
    expect(screen.getByRole('button', { name: 'eID reset' })).toBeVisible();
  });

  it('RESET_PASSWORD_TOO_SOON keeps its own text and offers no eID button', async () => {
    answerReset(429, { 'error-code': 'RESET_PASSWORD_TOO_SOON' }, { 'Retry-After': '45' });
    await identify('nb', nb);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.too_many']);
    expect(screen.queryByRole('button', { name: 'eID reset' })).toBeNull();
  });
});
