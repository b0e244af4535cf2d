/**
 * Token approve (mobileSuccess/:token and mobileSuccessWithIDportenLogout/:token, SPEC §4): read the
 * token's redirectUri and state, approve it for a code, and send the browser to the app with both.
 * The logout variant ends the identity-provider session on the way, with the app as final destination.
 *
 * When the session was not made for this app login (the person was signed in before it started, so
 * no login happened inside it), the token's data asks first: "Continue to the Digipost app as
 * <name>?" (docs/decisions/019). Continue approves with that yes; Not me logs out, the identity
 * provider's session too, and starts the app's login again.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AppError } from '../api/errors';
import { findLink } from '../api/links';
import { approveToken, fetchTokenData } from '../api/oauth';
import { allowedAppRedirect } from '../security/app-redirects';
import type { Language } from '../contract/languages';
import { appUrl } from '../config/paths';
import { parseAppLocation } from '../config/routes';
import { MobileFlowPage, oncePerAddress, startMobileFlow, type Destination } from '../features/mobile/mobile-flow';
import { createConsentGate, type ConsentGate, type ConsentQuestion } from '../features/mobile/consent-gate';
import { requireToken, withCodeAndState } from '../features/mobile/mobile-params';
import { loadRootDocument } from '../features/session/root-document';
import { logout } from '../features/session/logout';
import { useI18n } from '../i18n/i18n-context';
import { loadLaterTexts } from '../i18n/texts';
import { pathOf } from '../screens/screens';
import { DelayedSpinner } from '../ui/delayed-spinner';

const ConsentStep = lazy(() => Promise.all([import('../features/mobile/consent-step'), loadLaterTexts()]).then(([module]) => module));

/** Approves the token; answers the app URL with the code and state (through a logout when asked). */
async function approve(token: string, language: Language, logOutOfIdentityProvider: boolean, gate: ConsentGate): Promise<Destination> {
  const root = await loadRootDocument();
  const tokenData = await fetchTokenData(token);
  if (!allowedAppRedirect(tokenData.redirectUri)) {
    throw new AppError('The token redirectUri is not an allowed app', { statusCode: 400 });
  }
  const approve = findLink(tokenData.link, 'token_approve') ?? findLink(root.link, 'token_approve');
  if (!approve) throw new AppError('No token_approve link', { statusCode: 500 });
  const target = findLink(tokenData.link, 'token_approve') ? approve : { ...approve, uri: `${approve.uri}?token=${encodeURIComponent(token)}` };
  if (tokenData.consent) {
    // The question's texts come with it: no key is ever shown while they load.
    await loadLaterTexts();
    if ((await gate.ask(tokenData.consent.name)) === 'not-me') {
      return logout(root, appUrl(language, pathOf('mobilePasswordLogin', { token })), { viaIdentityProvider: true });
    }
  }
  const code = await approveToken(target, Boolean(tokenData.consent));
  const app = withCodeAndState(tokenData.redirectUri, code, tokenData.state);
  return { to: logOutOfIdentityProvider ? await logout(root, app, { viaIdentityProvider: true }) : app, app };
}

export function approveLoader({ logOutOfIdentityProvider }: { logOutOfIdentityProvider: boolean }) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const token = requireToken(params.token);
    const language = parseAppLocation(new URL(request.url).pathname)?.language ?? 'nb';
    const consent = createConsentGate();
    return { consent, flow: startMobileFlow(() => approve(token, language, logOutOfIdentityProvider, consent)) };
  };
}

export const loader = approveLoader({ logOutOfIdentityProvider: false });

// An approval is single-use: a revalidation must not approve again.
export const shouldRevalidate = oncePerAddress;

export function Component() {
  const { t } = useI18n();
  const { flow, consent } = useLoaderData<ReturnType<typeof approveLoader>>();
  const [question, setQuestion] = useState<ConsentQuestion | null>(null);
  const [answer, setAnswer] = useState<'continue' | 'not-me' | null>(null);
  useEffect(() => consent.onQuestion(setQuestion), [consent]);
  if (question && !answer) {
    return (
      <Suspense fallback={<DelayedSpinner size="large" />}>
        <ConsentStep
          name={question.name}
          onAnswer={(choice) => {
            setAnswer(choice);
            question.answer(choice);
          }}
        />
      </Suspense>
    );
  }
  if (answer === 'not-me') return <MobileFlowPage flow={flow} title={t('mobile.logout_title')} message={t('mobile.logging_out_to_login')} />;
  return <MobileFlowPage flow={flow} title={t('mobile.redirect_title')} message={t('mobile.returning')} />;
}
