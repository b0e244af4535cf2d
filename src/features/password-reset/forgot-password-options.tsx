/**
 * The two ways on from a forgotten password (SPEC §2): section one with eID, section two with
 * one-time codes in the reset wizard, then customer service. The web page (forgot-password/) and the
 * app's page (mobileLogin/:token/forgot-password) share it; each gives its own eID control, and the
 * app's page where the wizard goes after its sign-in. The wizard's calls run in the page's route
 * action (reset-route-action.ts), which each page hands the wizard's forms to.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Message } from '@postenbring/hedwig-react';
import { loadLaterTexts } from '../../i18n/texts';
import { useI18n } from '../../i18n/i18n-context';
import { DelayedSpinner } from '../../ui/delayed-spinner';
import { keepHyphenatedWordsWhole } from '../../ui/hyphenated-words';
import { CustomerService } from '../customer-service';
import { useResetWizardHost } from './reset-url';

// With its texts, which are not part of the first load (i18n/texts.ts).
// The wizard takes the step out of the URL itself when it closes; nothing more for the page to do.
const closeWizard = () => {};

const ResetWizard = lazy(() => Promise.all([import('./reset-wizard'), loadLaterTexts()]).then(([module]) => module));

export interface ForgotPasswordOptionsProps {
  /** The page's lead and section one's text: what eID does on this page. */
  lead: string;
  eidBody: string;
  /** Section one's control: the page's way on with eID. */
  eidStart: ReactNode;
  /** The same way on, offered inside a wizard warning that leaves eID as the way on. */
  eidInWarning: ReactNode;
  /** An app path the wizard goes to after its sign-in with the new password (ResetWizard's prop). */
  afterSignIn?: string;
  /** An app path to log in at when the wizard's sign-in is refused (ResetWizard's prop). */
  logInAgain?: string;
  /** The person asked for the codes (the wizard opens). */
  onOpenCodes?: () => void;
}

export function ForgotPasswordOptions({ lead, eidBody, eidStart, eidInWarning, afterSignIn, logInAgain, onOpenCodes }: ForgotPasswordOptionsProps) {
  const { t } = useI18n();
  // The wizard is open while the URL names its step (decision 017): Back, Forward and a reload open it again.
  const wizard = useResetWizardHost();
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
          <button
            type="button"
            className="hds-button hds-button--large hds-button--secondary"
            aria-haspopup="dialog"
            onClick={() => {
              onOpenCodes?.();
              wizard.openWizard();
            }}
          >
            {t('forgot.code_button')}
          </button>
        </section>
        <CustomerService />
      </div>
      {wizard.loaded ? (
        <Suspense fallback={<DelayedSpinner />}>
          <ResetWizard open={wizard.open} onClose={closeWizard} eidReset={eidInWarning} afterSignIn={afterSignIn} logInAgain={logInAgain} />
        </Suspense>
      ) : null}
    </>
  );
}
