/**
 * The two ways on from a forgotten password (SPEC §2): section one with eID, section two with
 * one-time codes in the reset wizard, then customer service. The web page (forgot-password/) and the
 * app's page (mobileLogin/:token/forgot-password) share it; each gives its own eID control. The
 * wizard is open while the URL names a step (decision 017): the page's button is a form that adds
 * step 1 to the address, and the host route's loader gives the step (`reset`), its action the answer.
 */
import { lazy, Suspense, type ReactNode, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { Message } from '../../ui/message';
import { resetTexts } from '../../i18n/reset/part';
import { loadLaterTexts } from '../../i18n/texts';
import { useI18n } from '../../i18n/i18n-context';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { keepHyphenatedWordsWhole } from '../../ui/hyphenated-words';
import { useHydrated } from '../../ui/use-hydrated';
import { CustomerService } from '../customer-service';
import type { ResetAnswer } from './reset-journey';
import type { ResetScreen } from './reset-storage';
import { openedState, searchWithStep } from './reset-url';

// With its texts, which are not part of the first load (i18n/texts.ts).
const ResetWizard = lazy(() => Promise.all([import('./reset-wizard'), loadLaterTexts(resetTexts)]).then(([module]) => module));

export interface ForgotPasswordOptionsProps {
  /** The page's lead and section one's text: what eID does on this page. */
  lead: string;
  eidBody: string;
  /** Section one's control: the page's way on with eID. */
  eidStart: ReactNode;
  /** The same way on, offered inside a wizard warning that leaves eID as the way on. */
  eidInWarning: ReactNode;
  /** The host route's loader's: the wizard's step, null while the URL names none. */
  reset: ResetScreen | null;
  /** The host route's action's answer to a wizard's form, when its step stayed. */
  answer: ResetAnswer | undefined;
  /** An app path to log in at when the wizard's sign-in is refused (ResetWizard's prop). */
  logInAgain?: string;
  /** The person asked for the codes (the wizard opens). */
  onOpenCodes?: () => void;
}

export function ForgotPasswordOptions({ lead, eidBody, eidStart, eidInWarning, reset, answer, logInAgain, onOpenCodes }: ForgotPasswordOptionsProps) {
  const { t } = useI18n();
  const location = useLocation();
  // After hydration, not during it: the prerendered page has no wizard.
  const hydrated = useHydrated();
  const atStep = searchWithStep(location.search, 'identify');
  // Once shown, the wizard stays (closed while the URL names no step): its dialog closes, and focus comes back.
  const [wizardShown, setWizardShown] = useState(false);
  if (hydrated && reset !== null && !wizardShown) setWizardShown(true);
  return (
    <>
      <div className="forgot">
        <p className="page__lead">{lead}</p>
        <section className="forgot__section" aria-labelledby="forgot-eid">
          <h2 id="forgot-eid" className="hds-text-h2">
            {keepHyphenatedWordsWhole(t('forgot.eid_heading'))}
          </h2>
          <p>{eidBody}</p>
          {eidStart}
        </section>
        <section className="forgot__section" aria-labelledby="forgot-codes">
          <h2 id="forgot-codes" className="hds-text-h2">
            {keepHyphenatedWordsWhole(t('forgot.code_heading'))}
          </h2>
          <p>{t('forgot.code_body')}</p>
          <Message variant="info">
            <Message.Title>{t('forgot.code_info_title')}</Message.Title>
            <Message.Description>{t('forgot.code_info')}</Message.Description>
          </Message>
          <Form method="get" state={openedState} onSubmit={() => onOpenCodes?.()}>
            {[...new URLSearchParams(atStep)].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="hds-button hds-button--large hds-button--secondary" aria-haspopup="dialog">
              {t('forgot.code_button')}
            </button>
          </Form>
        </section>
        <CustomerService />
      </div>
      {wizardShown ? (
        <Suspense fallback={<DelayedSpinner />}>
          <ResetWizard screen={reset} answer={answer} eidReset={eidInWarning} logInAgain={logInAgain} />
        </Suspense>
      ) : null}
    </>
  );
}
