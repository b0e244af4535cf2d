/**
 * For the reset wizard's component tests: the wizard on a host page in a memory data router whose
 * loader and action are the forgot-password route's own (so each step is read and each call runs as
 * in the app), against the emulator in this process (server/emulator/test-fetch.ts), with ways to
 * type through its steps.
 */
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useActionData, useLoaderData, useLocation } from 'react-router';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { emulatorFetchForTests, TestPerson } from '../../server/emulator/test-fetch';
import ResetWizard from '../features/password-reset/reset-wizard';
import { I18nProvider } from '../i18n/i18n-context';
import { nb, type Texts } from '../i18n/nb';
import { action, loader } from '../routes/forgot-password';

export const newPassword = 'Fjellgeit-Sommer-42';

// The emulator hashes and checks passwords with scrypt, in this process: on a busy 2-core machine an
// answer may take seconds (a step took over 10 s once, with a second test run and two builds beside
// it). Waiting longer than src/test-setup.ts's 12 s for it is not waiting for a hang.
configure({ asyncUtilTimeout: 25_000 });

/** Where the host page is now (the step is in its query, decision 017). */
export const page = { url: '' };

function LocationProbe() {
  const location = useLocation();
  page.url = `${location.pathname}${location.search}`;
  return null;
}

/** What the host page gives the wizard: each render's own mock. */
const host = { startEid: () => {} };

function HostPage() {
  const { reset } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <LocationProbe />
      <ResetWizard
        screen={reset}
        answer={answer}
        eidReset={
          <button type="button" onClick={host.startEid}>
            eID reset
          </button>
        }
      />
    </>
  );
}

/** Nothing while the router's first load runs (the loader reads the step). */
function NothingYet() {
  return null;
}

/** The mobile number as a person might type it, with a space. */
export const typedPhone = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3)}`;

/** The wizard closed: the host page's address names no step. */
export const closed = () => !page.url.includes('step=');

export async function renderWizard({
  language = 'nb',
  texts = nb,
  entry = '/forgot-password?step=phone',
}: {
  language?: 'nb' | 'en';
  texts?: Texts;
  entry?: string;
} = {}) {
  // No pause between key presses: the walks through all steps type a lot.
  const user = userEvent.setup({ delay: null });
  const startEid = vi.fn();
  host.startEid = startEid;
  const router = createMemoryRouter([{ path: '/forgot-password', loader, action, Component: HostPage, HydrateFallback: NothingYet }], {
    initialEntries: [entry],
  });
  const rendered = render(
    <StrictMode>
      <I18nProvider language={language} texts={texts}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );
  const t = texts;
  const dialog = () => screen.getByRole('dialog', { name: t['reset.dialog_title'] });
  const field = (label: keyof Texts) => within(dialog()).getByLabelText(t[label], { selector: 'input' }) as HTMLInputElement;
  const button = (label: keyof Texts) => within(dialog()).getByRole('button', { name: t[label] });
  /** The wizard's Back: a link at the top of the dialog (issue #50). */
  const back = () => within(dialog()).getByRole('link', { name: t['reset.back'] });
  const heading = (label: keyof Texts) => within(dialog()).getByRole('heading', { level: 3, name: new RegExp(t[label]) });
  const findHeading = (label: keyof Texts) => screen.findByRole('heading', { level: 3, name: new RegExp(t[label]) });
  /**
   * The step with this heading, arrived: shown, and its heading focused. The wizard moves focus there
   * in an effect, which may run after the step is on screen (on a busy machine, after a test has begun
   * typing): typed into before then, a field keeps only the first key, and the heading gets the rest.
   */
  async function arrive(label: keyof Texts) {
    const arrived = await findHeading(label);
    await waitFor(() => expect(arrived).toHaveFocus());
    return arrived;
  }

  /** The wizard is there: the router's first load (the loader reads the step) has come. */
  const ready = () => screen.findByRole('dialog', { name: t['reset.dialog_title'] });
  async function identify(phone: string, nationalId: string) {
    await ready();
    await user.clear(field('reset.phone'));
    await user.type(field('reset.phone'), phone);
    await user.clear(field('login.national_id'));
    await user.type(field('login.national_id'), nationalId);
    await user.click(button('reset.send_codes'));
  }
  async function enterCode(label: 'reset.email_code' | 'reset.sms_code', code: string) {
    await ready();
    await user.clear(field(label));
    await user.type(field(label), code);
    await user.click(button('reset.next'));
  }
  async function choosePassword(password = newPassword, repeat = password) {
    await ready();
    await user.type(field('reset.new_password'), password);
    if (repeat !== '') await user.type(field('reset.repeat_password'), repeat);
    await user.click(button('reset.save'));
  }
  /**
   * Walks to a step with answers that work: `codesTo` reads the codes the emulator sent (its outbox).
   * Answers the codes used.
   */
  async function reach(
    step: 'emailCode' | 'smsCode' | 'newPassword',
    person: TestPerson,
    codesTo: (to: string) => Promise<string[]>,
  ): Promise<{ emailCode: string; smsCode: string }> {
    await identify(typedPhone(person.phone), person.nationalId);
    await arrive('reset.email_heading');
    const [emailCode = ''] = await codesTo(person.email);
    const [smsCode = ''] = await codesTo(person.phone);
    if (step === 'emailCode') return { emailCode, smsCode };
    await enterCode('reset.email_code', emailCode);
    await arrive('reset.sms_heading');
    if (step === 'smsCode') return { emailCode, smsCode };
    await enterCode('reset.sms_code', smsCode);
    await arrive('reset.password_heading');
    return { emailCode, smsCode };
  }
  // The router's first load (the loader reads the step), then the wizard open at it.
  await ready();
  return { user, router, rendered, startEid, ready, dialog, field, button, back, heading, findHeading, identify, enterCode, choosePassword, reach };
}

/**
 * Step 1 sent with the person's answers while the emulator holds the reset's start (1.5 s, once): the
 * wizard, its call under way.
 */
export async function identifyWhileSlow(dev: ReturnType<typeof emulatorFetchForTests>['dev'], person: TestPerson) {
  await dev.fault({ path: '/post/api/private/password-reset', mode: 'slow', delayMs: 1500, times: 1 });
  const wizard = await renderWizard();
  await wizard.identify(person.phone, person.nationalId);
  return wizard;
}
