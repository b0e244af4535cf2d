import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logEndpoint } from '../../api/log';
import type { RootDocument } from '../../api/root';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n-context';
import { nb, type Texts } from '../../i18n/nb';
import { loadCommonPasswordCheck } from '../password-strength';
import { resetStorageKey } from './reset-storage';
import ResetWizard from './reset-wizard';

// Each test types its way through up to four steps, key by key: slow on a busy machine, not stuck.
vi.setConfig({ testTimeout: 20_000 });

const resetUri = '/post/api/passwordreset';
const loginUri = '/post/api/private/login/password';
const emailUri = '/post/api/passwordreset/r1/email';
const smsUri = '/post/api/passwordreset/r1/sms';
const selfUri = '/post/api/passwordreset/r1';
const root: RootDocument = {
  link: [
    { rel: '/post/api/relations/reset_password', uri: resetUri },
    { rel: '/post/api/relations/login_password', uri: loginUri },
  ],
};
const started = {
  link: [
    { rel: '/post/api/relations/check_email_code', uri: emailUri },
    { rel: '/post/api/relations/check_sms_code', uri: smsUri },
    { rel: '/post/api/relations/self', uri: selfUri },
  ],
};
const newPassword = 'Fjellgeit-Sommer-42';

const startEid = vi.fn();
const onClose = vi.fn();
const assign = vi.fn();
let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

type Reply = () => Response | Promise<Response>;
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok: Reply = () => new Response(null, { status: 204 });
const refusal = (status: number, code: string, headers: Record<string, string> = {}) => json(status, { 'error-code': code, 'error-message': code }, headers);
const offline: Reply = () => Promise.reject(new TypeError('Failed to fetch'));

/** The backend: each address answers as it always does, unless a test queued other answers for it. */
const usual: Record<string, Reply> = { [resetUri]: json(200, started), [emailUri]: ok, [smsUri]: ok, [selfUri]: ok, [loginUri]: ok };
let queued: Map<string, Reply[]>;

function answer(uri: string, ...replies: Reply[]) {
  queued.set(uri, [...(queued.get(uri) ?? []), ...replies]);
}

/** An answer that waits until the test lets it go. */
function held(reply: Reply): { reply: Reply; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reply: () => gate.then(reply), release };
}

/** The bodies the wizard sent to `uri`, in order. */
function sent(uri: string): unknown[] {
  return fetchMock.mock.calls.filter(([input]) => String(input) === uri).map(([, init]) => JSON.parse(String(init?.body)));
}

const apiCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url !== logEndpoint);
const logged = () => fetchMock.mock.calls.filter(([input]) => String(input) === logEndpoint);

// The common-password list is a chunk of its own, which step 4's strength meter asks for: loaded once, up front.
beforeAll(async () => {
  await loadCommonPasswordCheck();
}, 60_000);

beforeEach(() => {
  // The wizard keeps its reset in sessionStorage (decision 017): each test starts with none.
  sessionStorage.clear();
  document.title = 'Glemt passord – Digipost';
  queued = new Map();
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === logEndpoint) return new Response(null, { status: 204 });
    const reply = queued.get(url)?.shift() ?? usual[url];
    if (!reply) throw new Error(`unexpected call to ${url}`);
    return reply();
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { ...window.location, assign });
  startEid.mockReset();
  onClose.mockReset();
  assign.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Where the wizard's page is now (the step is in its query, decision 017). */
let currentUrl = '';
function LocationProbe() {
  const location = useLocation();
  currentUrl = `${location.pathname}${location.search}`;
  return null;
}

function renderWizard(language: 'nb' | 'en' = 'nb', texts: Texts = nb, entry = '/forgot-password') {
  // No pause between key presses: the walks through all steps type a lot.
  const user = userEvent.setup({ delay: null });
  const page = (rootDocument: RootDocument) => (
    <StrictMode>
      <MemoryRouter initialEntries={[entry]}>
        <LocationProbe />
        <I18nProvider language={language} texts={texts}>
          <ResetWizard
            open
            onClose={onClose}
            root={rootDocument}
            eidReset={
              <button type="button" onClick={startEid}>
                eID reset
              </button>
            }
          />
        </I18nProvider>
      </MemoryRouter>
    </StrictMode>
  );
  const { rerender } = render(page(root));
  /** The page's data loaded again (a revalidation): the same links in a new root document. */
  const reloadRoot = () => rerender(page({ link: [...root.link] }));
  const t = texts;
  const dialog = screen.getByRole('dialog', { name: t['reset.dialog_title'] });
  const field = (label: keyof Texts) => within(dialog).getByLabelText(t[label], { selector: 'input' }) as HTMLInputElement;
  const button = (label: keyof Texts) => within(dialog).getByRole('button', { name: t[label] });
  const heading = (label: keyof Texts) => within(dialog).getByRole('heading', { level: 3, name: new RegExp(t[label]) });

  async function identify(phone = '412 34 567', nationalId = '01817010055') {
    await user.clear(field('reset.phone'));
    await user.type(field('reset.phone'), phone);
    await user.clear(field('login.national_id'));
    await user.type(field('login.national_id'), nationalId);
    await user.click(button('reset.send_codes'));
  }
  async function enterCode(label: 'reset.email_code' | 'reset.sms_code', code: string) {
    await user.clear(field(label));
    await user.type(field(label), code);
    await user.click(button('reset.next'));
  }
  async function choosePassword(password = newPassword, repeat = password) {
    await user.type(field('reset.new_password'), password);
    if (repeat !== '') await user.type(field('reset.repeat_password'), repeat);
    await user.click(button('reset.save'));
  }
  /** Walks to a step with answers that work. */
  async function reach(step: 'emailCode' | 'smsCode' | 'newPassword') {
    await identify();
    await screen.findByRole('heading', { name: new RegExp(t['reset.email_heading']) });
    if (step === 'emailCode') return;
    await enterCode('reset.email_code', '111111');
    await screen.findByRole('heading', { name: new RegExp(t['reset.sms_heading']) });
    if (step === 'smsCode') return;
    await enterCode('reset.sms_code', '222222');
    await screen.findByRole('heading', { name: new RegExp(t['reset.password_heading']) });
  }
  return { user, dialog, field, button, heading, identify, enterCode, choosePassword, reach, reloadRoot };
}

describe('the reset wizard, step by step', () => {
  it('identify, email code, SMS code, new password, then signs in and goes to the mailbox', async () => {
    const wizard = renderWizard();
    expect(wizard.heading('reset.identify_heading')).toHaveTextContent('Steg 1 av 4');
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());

    await wizard.identify('412 34 567', '018170 10055');
    const emailHeading = await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(emailHeading).toHaveTextContent('Steg 2 av 4');
    await waitFor(() => expect(emailHeading).toHaveFocus());
    expect(sent(resetUri)).toEqual([{ phoneNumber: '41234567', taxReference: '01817010055' }]);

    await wizard.enterCode('reset.email_code', '123 456');
    const smsHeading = await screen.findByRole('heading', { name: new RegExp(nb['reset.sms_heading']) });
    await waitFor(() => expect(smsHeading).toHaveFocus());
    expect(wizard.dialog).toHaveTextContent('Vi har sendt en kode på 6 siffer til mobilnummeret 41234567.');
    expect(sent(emailUri)).toEqual([{ code: '123456' }]);

    await wizard.enterCode('reset.sms_code', '654321');
    const passwordHeading = await screen.findByRole('heading', { name: new RegExp(nb['reset.password_heading']) });
    await waitFor(() => expect(passwordHeading).toHaveFocus());
    expect(sent(smsUri)).toEqual([{ code: '654321' }]);

    await wizard.choosePassword();
    const done = await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(done).not.toHaveTextContent('Steg');
    await waitFor(() => expect(done).toHaveFocus());
    expect(sent(selfUri)).toEqual([{ emailcode: '123456', smscode: '654321', password: { password: newPassword } }]);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/postkasse/'));
    expect(sent(loginUri)).toEqual([{ username: '01817010055', password: newPassword }]);
    expect(screen.getByRole('status')).toHaveTextContent(nb['reset.signing_in']);
    // One call each, in SPEC §4's order (rendered under StrictMode, as the app is).
    expect(apiCalls()).toEqual([resetUri, emailUri, smsUri, selfUri, loginUri]);
    expect(screen.queryByRole('button', { name: nb['modal.close'] })).toBeNull();
  });

  it('Back keeps what was typed; step 1 with the same answers goes on without a new reset, other answers start one', async () => {
    const wizard = renderWizard();
    await wizard.reach('smsCode');
    await wizard.user.type(wizard.field('reset.sms_code'), '99');
    await wizard.user.click(wizard.button('reset.back'));
    expect(wizard.field('reset.email_code')).toHaveValue('111111');
    await wizard.user.click(wizard.button('reset.back'));
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());
    expect(wizard.field('reset.phone')).toHaveValue('41234567');
    expect(wizard.field('login.national_id')).toHaveValue('01817010055');
    // The reset is still open (same answers go on with it): no wait to tell.
    expect(wizard.dialog).not.toHaveTextContent('Du kan be om nye koder');

    await wizard.user.click(wizard.button('reset.send_codes'));
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toHaveLength(1);

    await wizard.user.click(wizard.button('reset.back'));
    await wizard.identify('98765432');
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toEqual([
      { phoneNumber: '41234567', taxReference: '01817010055' },
      { phoneNumber: '98765432', taxReference: '01817010055' },
    ]);
  });
});

describe('the reset wizard in the history and in sessionStorage (decision 017)', () => {
  const stored = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      path: '/forgot-password',
      phoneNumber: '41234567',
      nationalId: '01817010055',
      links: started.link,
      emailCode: '111111',
      smsCode: '',
      triesUsed: 1,
      startedAt: Date.now() - 20_000,
      maskedEmail: 'k*****@example.no',
      ...over,
    });

  it('each step is in the URL; Back goes to the step before, in the history', async () => {
    const wizard = renderWizard();
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=phone'));
    await wizard.reach('smsCode');
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=sms-code'));
    await wizard.user.click(wizard.button('reset.back'));
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=email-code'));
    await waitFor(() => expect(wizard.heading('reset.email_heading')).toHaveFocus());
    await waitFor(() => expect(document.title).toMatch(/^Steg 2 av 4: Koden fra e-posten – /));
  });

  it('resumes a stored reset at the step in the URL, and says where the email code went and how long codes live', async () => {
    sessionStorage.setItem(resetStorageKey, stored());
    const wizard = renderWizard('nb', nb, '/forgot-password?step=email-code');
    await waitFor(() => expect(wizard.heading('reset.email_heading')).toHaveFocus());
    expect(wizard.dialog).toHaveTextContent('Vi har sendt en kode på 6 siffer til k*****@example.no. Kodene virker i 10 minutter.');
    expect(wizard.field('reset.email_code')).toHaveValue('111111');
    await wizard.user.click(wizard.button('reset.next'));
    await screen.findByRole('heading', { name: new RegExp(nb['reset.sms_heading']) });
    // The links and the code came from storage.
    expect(sent(emailUri)).toEqual([{ code: '111111' }]);
  });

  it('a step later than the stored reset allows: the furthest it allows, in place', async () => {
    sessionStorage.setItem(resetStorageKey, stored({ emailCode: '' }));
    const wizard = renderWizard('nb', nb, '/forgot-password?step=new-password');
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=email-code'));
    expect(wizard.heading('reset.email_heading')).toBeVisible();
  });

  it("another page's reset is not resumed here; a step address with nothing stored starts at step 1", async () => {
    sessionStorage.setItem(resetStorageKey, stored({ path: '/mobileLogin/abc/forgot-password' }));
    const wizard = renderWizard('nb', nb, '/forgot-password?step=sms-code');
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=phone'));
    expect(wizard.field('reset.phone')).toHaveValue('');
  });

  it('keeps phone, ID, links, accepted codes and tries, never the password; forgets all once saved', async () => {
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    const kept = sessionStorage.getItem(resetStorageKey) ?? '';
    expect(JSON.parse(kept)).toMatchObject({ phoneNumber: '41234567', nationalId: '01817010055', emailCode: '111111', smsCode: '222222', triesUsed: 0 });
    await wizard.user.type(wizard.field('reset.new_password'), newPassword);
    await wizard.user.type(wizard.field('reset.repeat_password'), newPassword);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(newPassword);
    await wizard.user.click(wizard.button('reset.save'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(newPassword);
  });

  it('Back from the mailbox to the page the browser kept (back/forward cache): the finished reset closes, not "Logger deg inn …" for ever', async () => {
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/postkasse/'));
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=done'));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('heading', { name: nb['password.changed'] })).toBeNull());
    expect(screen.queryByText(nb['reset.signing_in'])).toBeNull();
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
  });

  it('closing the wizard abandons the reset: nothing kept', async () => {
    const wizard = renderWizard();
    await wizard.reach('emailCode');
    expect(sessionStorage.getItem(resetStorageKey)).not.toBeNull();
    await wizard.user.click(screen.getByRole('button', { name: nb['modal.close'] }));
    expect(sessionStorage.getItem(resetStorageKey)).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('sending the codes again', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a countdown from the start, then a new reset for the same person: the email step again, with new links and a notice', async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    answer(resetUri, json(201, started), json(201, { ...started, maskedEmail: 'k*****@example.no' }));
    const wizard = renderWizard();
    await wizard.reach('smsCode');
    expect(wizard.dialog).toHaveTextContent('Du kan be om nye koder om 60 sekunder.');
    expect(within(wizard.dialog).queryByRole('button', { name: nb['reset.resend'] })).toBeNull();
    // The moment it is over is announced politely, once; the seconds are not.
    expect(wizard.dialog.querySelector('[aria-live="polite"].visually-hidden')).toHaveTextContent('');
    clock.mockReturnValue(now + 60_000);
    const resend = await within(wizard.dialog).findByRole('button', { name: nb['reset.resend'] });
    expect(wizard.dialog.querySelector('[aria-live="polite"].visually-hidden')).toHaveTextContent(nb['reset.resend_ready']);
    await wizard.user.click(resend);
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toEqual([
      { phoneNumber: '41234567', taxReference: '01817010055' },
      { phoneNumber: '41234567', taxReference: '01817010055' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(nb['reset.resent']);
    // The notice takes focus (it is read out, then the heading and field follow it), not the heading
    // alone, which says nothing new: a notice put in at the same moment is often not announced.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(wizard.dialog).toHaveTextContent('k*****@example.no');
    expect(wizard.field('reset.email_code')).toHaveValue('');
    await waitFor(() => expect(currentUrl).toBe('/forgot-password?step=email-code'));
    expect(wizard.dialog).toHaveTextContent('Du kan be om nye koder om 60 sekunder.');
  });
});

describe('the reset wizard with input it cannot use', () => {
  it('step 1: both fields named in the summary and at the field, what was typed kept, nothing sent', async () => {
    const wizard = renderWizard();
    await wizard.identify('4123 45', '0181701005');
    const summary = await screen.findByRole('heading', { level: 2, name: nb['reset.error_summary'] });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary.parentElement!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [nb['reset.invalid_phone'], '#reset-phone'],
      [nb['login.invalid_foedselsnummer'], '#reset-national-id'],
    ]);
    expect(wizard.field('reset.phone')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.phone')).toHaveAccessibleDescription(`${nb['reset.phone_hint']} ${nb['reset.invalid_phone']}`);
    expect(wizard.field('login.national_id')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.phone')).toHaveValue('4123 45');
    expect(wizard.field('login.national_id')).toHaveValue('0181701005');
    expect(apiCalls()).toEqual([]);

    // Corrected: the errors go and the reset starts.
    await wizard.identify();
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(screen.queryByRole('heading', { name: nb['reset.error_summary'] })).toBeNull();
  });

  it('nothing typed: each field asked for ("Skriv inn …"), under a summary that says it is for a new password', async () => {
    const wizard = renderWizard('en', en);
    await wizard.user.click(wizard.button('reset.send_codes'));
    const summary = await screen.findByRole('heading', { level: 2, name: en['reset.error_summary'] });
    expect(summary).toHaveTextContent('Correct the following to make a new password:');
    const links = within(summary.parentElement!).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Enter your mobile number', 'Enter your national ID number']);
    expect(apiCalls()).toEqual([]);
  });

  it('a code that is not 6 digits: said at the field, kept, nothing sent', async () => {
    const wizard = renderWizard();
    await wizard.reach('emailCode');
    await wizard.enterCode('reset.email_code', '12345');
    expect(await screen.findByRole('link', { name: nb['reset.invalid_code'] })).toHaveAttribute('href', '#reset-email-code');
    expect(wizard.field('reset.email_code')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.email_code')).toHaveValue('12345');
    expect(sent(emailUri)).toEqual([]);
  });

  it('a common password: the meter says so while it is typed; saved anyway, it is refused at the field, nothing sent', async () => {
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.user.type(wizard.field('reset.new_password'), 'Passord123!');
    expect(within(wizard.dialog).getByText(nb['password.too_common'], { selector: '.strength-meter__warning' })).toBeVisible();
    // Described by the meter once: its live region, beside it, is not part of the description.
    expect(wizard.field('reset.new_password')).toHaveAccessibleDescription(
      `${nb['password.guidance'].replace('#{min}', '8').replace('#{recommended}', '9')} Styrke: Ikke sterkt nok ${nb['password.too_common']}`,
    );
    await wizard.user.type(wizard.field('reset.repeat_password'), 'Passord123!');
    await wizard.user.click(wizard.button('reset.save'));
    expect(await screen.findByRole('link', { name: nb['password.too_common'] })).toHaveAttribute('href', '#reset-new-password');
    expect(wizard.field('reset.new_password')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(selfUri)).toEqual([]);
  });

  it.each([
    ['kort1', 'kort1', 'reset.new_password', 'password.not_strong_enough'],
    [newPassword, '', 'reset.repeat_password', 'password.repeat_missing'],
    [newPassword, 'Fjellgeit-Sommer-43', 'reset.repeat_password', 'password.not_equal'],
  ] as const)('new password %o, repeat %o: %s says %s, nothing sent', async (password, repeat, label, message) => {
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword(password, repeat);
    expect(await screen.findByRole('link', { name: nb[message] })).toBeVisible();
    expect(wizard.field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field(label)).toHaveAccessibleDescription(expect.stringContaining(nb[message]));
    expect(sent(selfUri)).toEqual([]);
  });
});

describe('the reset wizard when the backend says no', () => {
  it('a wrong code: the field marked with the tries left, in the summary too, the code kept, the title says "Feil: "; the right one then works', async () => {
    answer(emailUri, refusal(400, 'RESET_PASSWORD_WRONG_CODE'));
    const wizard = renderWizard();
    await wizard.reach('emailCode');
    await wizard.enterCode('reset.email_code', '999999');
    const twoLeft = 'Feil kode. Du har 2 forsøk igjen.';
    const link = await within(wizard.dialog).findByRole('link', { name: twoLeft });
    // The summary takes focus (as on every step), its link to the field.
    expect(link).toHaveAttribute('href', '#reset-email-code');
    await waitFor(() => expect(wizard.dialog.querySelector('.form-error-summary')?.contains(document.activeElement)).toBe(true));
    expect(wizard.field('reset.email_code')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.email_code')).toHaveAccessibleDescription(expect.stringContaining(twoLeft));
    expect(wizard.field('reset.email_code')).toHaveValue('999999');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Feil: Steg 2 av 4: Koden fra e-posten – /));

    await wizard.enterCode('reset.email_code', '111111');
    await screen.findByRole('heading', { name: new RegExp(nb['reset.sms_heading']) });
    expect(within(wizard.dialog).queryByRole('link', { name: twoLeft })).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Steg 3 av 4: Koden fra SMS – /));
    expect(sent(emailUri)).toEqual([{ code: '999999' }, { code: '111111' }]);
  });

  it('the third wrong code: no code field and no Next, start again and eID; start again sends a NEW reset with the same answers', async () => {
    answer(smsUri, refusal(400, 'RESET_PASSWORD_WRONG_CODE'), refusal(400, 'RESET_PASSWORD_WRONG_CODE'), refusal(400, 'RESET_PASSWORD_INVALIDATED'));
    const wizard = renderWizard();
    await wizard.reach('smsCode');
    await wizard.enterCode('reset.sms_code', '000001');
    await within(wizard.dialog).findByRole('link', { name: 'Feil kode. Du har 2 forsøk igjen.' });
    await wizard.enterCode('reset.sms_code', '000002');
    await within(wizard.dialog).findByRole('link', { name: 'Feil kode. Du har 1 forsøk igjen.' });
    await wizard.enterCode('reset.sms_code', '000003');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.ended_title']);
    expect(alert).toHaveTextContent('Du har skrevet inn feil kode 3 ganger');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(wizard.dialog).queryByLabelText(nb['reset.sms_code'])).toBeNull();
    expect(within(wizard.dialog).queryByRole('button', { name: nb['reset.next'] })).toBeNull();
    expect(screen.getByRole('button', { name: 'eID reset' })).toBeVisible();
    expect(document.title).toMatch(/^Feil: /);
    expect(sent(smsUri)).toHaveLength(3);
    // Nothing of the ended reset is kept: no links, no codes.
    expect(sessionStorage.getItem(resetStorageKey)).not.toContain(emailUri);
    expect(sessionStorage.getItem(resetStorageKey)).not.toContain('111111');

    await wizard.user.click(wizard.button('reset.start_again'));
    await waitFor(() => expect(wizard.heading('reset.identify_heading')).toHaveFocus());
    // Within the backend's minute: the wait is said at step 1 too.
    expect(wizard.dialog).toHaveTextContent(/Du kan be om nye koder om \d+ sekund/);
    expect(wizard.field('reset.phone')).toHaveValue('41234567');
    expect(wizard.field('login.national_id')).toHaveValue('01817010055');
    await wizard.user.click(wizard.button('reset.send_codes'));
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toHaveLength(2);
  });

  it('the reset ended, then Back to step 1 with the same answers: a new reset, not the ended links', async () => {
    answer(emailUri, refusal(400, 'RESET_PASSWORD_INVALIDATED'));
    const wizard = renderWizard();
    await wizard.reach('emailCode');
    await wizard.enterCode('reset.email_code', '111111');
    // Not the third try: the codes ended some other way (expired, or a newer reset).
    expect(await screen.findByRole('alert')).toHaveTextContent('Kodene virker ikke lenger. De virker i 10 minutter');
    await wizard.user.click(wizard.button('reset.start_again'));
    await wizard.user.click(await screen.findByRole('button', { name: nb['reset.send_codes'] }));
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toHaveLength(2);
  });

  it.each([
    ['RESET_PASSWORD_TOO_SOON', 429, nb['reset.error.too_soon'].replace('#{when}', nb['throttle.later']), false],
    ['RESET_PASSWORD_DENIED_STRONG_AUTH', 403, nb['reset.error.strong_auth'], true],
    ['RESET_PASSWORD_DENIED_BLOCKED', 403, nb['reset.error.blocked'], true],
    ['NOT_FOUND', 404, nb['reset.error.wrong_combination'], false],
    ['KONTO_SUSPENDERT', 403, nb['reset.error.unknown'], false],
    ['SOMETHING_NEW', 400, nb['reset.error.unknown'], false],
  ] as const)('step 1 answered %s (%i): "%s", eID offered: %s, phone and ID kept', async (code, status, text, offersEid) => {
    answer(resetUri, refusal(status, code));
    const wizard = renderWizard();
    await wizard.identify();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(wizard.heading('reset.identify_heading')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'eID reset' }) !== null).toBe(offersEid);
    expect(wizard.field('reset.phone')).toHaveValue('412 34 567');
    expect(wizard.field('login.national_id')).toHaveValue('01817010055');
    expect(wizard.button('reset.send_codes')).not.toHaveAttribute('aria-disabled');
  });

  it('an answer with no error code at all: the unknown text', async () => {
    answer(emailUri, () => new Response('Internal Server Error', { status: 500 }));
    const wizard = renderWizard();
    await wizard.reach('emailCode');
    await wizard.enterCode('reset.email_code', '111111');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.unknown']);
    // SPEC §8: any other code has the header "An error has occurred".
    expect(alert).toHaveTextContent(nb['reset.error.unknown_title']);
  });

  it('a lost connection: the unknown text, the step and the code kept, nothing reported; trying again works', async () => {
    answer(smsUri, offline);
    const wizard = renderWizard();
    await wizard.reach('smsCode');
    await wizard.enterCode('reset.sms_code', '222222');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(nb['reset.error.unknown']);
    expect(wizard.field('reset.sms_code')).toHaveValue('222222');
    expect(logged()).toHaveLength(0);

    await wizard.user.click(wizard.button('reset.next'));
    await screen.findByRole('heading', { name: new RegExp(nb['reset.password_heading']) });
    expect(sent(smsUri)).toEqual([{ code: '222222' }, { code: '222222' }]);
  });

  /** Goes to step 4 and saves a good password, which the backend answers with this refusal. */
  async function refusedSave(reply: ReturnType<typeof refusal>) {
    answer(selfUri, reply);
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    return { wizard, alert: await screen.findByRole('alert') };
  }

  it('a refused save: the warning, both password fields emptied, still on step 4', async () => {
    const { wizard, alert } = await refusedSave(refusal(500, 'RESET_PASSWORD_FAILED'));
    expect(alert).toHaveTextContent(nb['reset.error.failed']);
    expect(wizard.field('reset.new_password')).toHaveValue('');
    expect(wizard.field('reset.repeat_password')).toHaveValue('');
    expect(sent(loginUri)).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('the server refuses the password by a rule (its own common-password check): the text at the password field and in the summary, both password fields emptied, still on step 4', async () => {
    answer(selfUri, refusal(400, 'PASSWORD_TOO_COMMON'));
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    const link = await within(wizard.dialog).findByRole('link', { name: nb['password.too_common'] });
    expect(link).toHaveAttribute('href', '#reset-new-password');
    await waitFor(() => expect(wizard.dialog.querySelector('.form-error-summary')?.contains(document.activeElement)).toBe(true));
    expect(wizard.field('reset.new_password')).toHaveAttribute('aria-invalid', 'true');
    expect(wizard.field('reset.new_password')).toHaveAccessibleDescription(expect.stringContaining(nb['password.too_common']));
    expect(wizard.field('reset.new_password')).toHaveValue('');
    expect(wizard.field('reset.repeat_password')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(wizard.heading('reset.password_heading')).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Feil: Steg 4 av 4: /));
    expect(sent(loginUri)).toEqual([]);

    // Another password saves. (Cleared by user-event first: it does not see the form's reset() and
    // would type after the old value it remembers; the field itself is empty, as checked above.)
    await wizard.user.clear(wizard.field('reset.new_password'));
    await wizard.user.clear(wizard.field('reset.repeat_password'));
    await wizard.choosePassword('Fjellgeit-Vinter-43');
    await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(sent(selfUri)).toEqual([
      { emailcode: '111111', smscode: '222222', password: { password: newPassword } },
      { emailcode: '111111', smscode: '222222', password: { password: 'Fjellgeit-Vinter-43' } },
    ]);
  });
});

describe('the reset wizard while a call is under way', () => {
  it('a second submit, by click or Enter, sends nothing more; the button says to wait; Escape, the backdrop and Back do nothing', async () => {
    const start = held(json(200, started));
    answer(resetUri, start.reply);
    const wizard = renderWizard();
    await wizard.identify();
    const submit = wizard.button('reset.busy');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await wizard.user.click(submit);
    await wizard.user.type(wizard.field('login.national_id'), '{Enter}');
    fireEvent(wizard.dialog, new Event('cancel', { cancelable: true }));
    await wizard.user.click(wizard.dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(sent(resetUri)).toHaveLength(1);

    start.release();
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toHaveLength(1);

    const check = held(ok);
    answer(emailUri, check.reply);
    await wizard.enterCode('reset.email_code', '111111');
    expect(wizard.button('reset.back')).toBeDisabled();
    await wizard.user.click(wizard.button('reset.busy'));
    check.release();
    await screen.findByRole('heading', { name: new RegExp(nb['reset.sms_heading']) });
    expect(sent(emailUri)).toHaveLength(1);
  });

  it('saving the password: a second click sends one save and signs in once', async () => {
    const save = held(ok);
    answer(selfUri, save.reply);
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    await waitFor(() => expect(wizard.button('reset.busy')).toHaveAttribute('aria-disabled', 'true'));
    await wizard.user.click(wizard.button('reset.busy'));
    save.release();
    await screen.findByRole('heading', { name: nb['password.changed'] });
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sent(selfUri)).toHaveLength(1);
    expect(sent(loginUri)).toHaveLength(1);
  });

  it("the page's data reloaded while a call is under way: still one call", async () => {
    const start = held(json(200, started));
    answer(resetUri, start.reply);
    const wizard = renderWizard();
    await wizard.identify();
    wizard.reloadRoot();
    start.release();
    await screen.findByRole('heading', { name: new RegExp(nb['reset.email_heading']) });
    expect(sent(resetUri)).toHaveLength(1);
  });
});

describe('closing the reset wizard', () => {
  it('closes on Escape, on the cross and on the backdrop when nothing is under way', async () => {
    const wizard = renderWizard();
    fireEvent(wizard.dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await wizard.user.click(wizard.button('modal.close'));
    expect(onClose).toHaveBeenCalledTimes(2);
    await wizard.user.click(wizard.dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('step 5, when the sign-in does not work', () => {
  it('a limit on password logins: changed, log in later (with the wait) or with eID', async () => {
    answer(loginUri, refusal(429, 'TOO_MANY_ATTEMPTS', { 'Retry-After': '300' }));
    const wizard = renderWizard();
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    await screen.findByRole('heading', { name: nb['password.changed'] });
    expect(await screen.findByText(/Logg inn med det nye passordet om 5 minutter/)).toBeVisible();
    expect(screen.getByRole('link', { name: nb['error.back_private'] })).toHaveAttribute('href', '/innlogging/');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('any other refusal (a suspended account): changed, log in with the new password', async () => {
    answer(loginUri, refusal(403, 'KONTO_SUSPENDERT'));
    const wizard = renderWizard('en', en);
    await wizard.reach('newPassword');
    await wizard.choosePassword();
    expect(await screen.findByText(en['reset.sign_in_failed'])).toBeVisible();
    expect(screen.getByRole('link', { name: en['error.back_private'] })).toHaveAttribute('href', '/innlogging/en/');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('the reset wizard at its limit', () => {
  it('RESET_PASSWORD_LIMIT: the wait, eID offered, phone and ID kept, focus on the message, nothing logged', async () => {
    answer(resetUri, refusal(429, 'RESET_PASSWORD_LIMIT', { 'Retry-After': '7201' }));
    const wizard = renderWizard();
    await wizard.identify('41234567');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Prøv igjen om 3 timer.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(wizard.field('reset.phone')).toHaveValue('41234567');
    expect(wizard.field('login.national_id')).toHaveValue('01817010055');
    await wizard.user.click(screen.getByRole('button', { name: 'eID reset' }));
    expect(startEid).toHaveBeenCalledOnce();
    expect(logged()).toHaveLength(0);
  });

  it('a 429 without a code or a wait: try again later, eID offered', async () => {
    answer(resetUri, json(429, {}));
    const wizard = renderWizard('en', en);
    await wizard.identify();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Try again later.');
    expect(screen.getByRole('button', { name: 'eID reset' })).toBeVisible();
  });
});
