import type { MobileTexts } from '../nb';

/** Nynorsk texts of the app's pages that move on by themselves (../mobile/nb.ts says when they come). */
export const nnMobile = {
  'mobile.login_title': 'Logg inn frå appen',
  'mobile.redirecting_eid': 'Sender deg til ID-porten …',
  'mobile.fallback': 'Skjer det ingenting? Trykk her for å halde fram.',
  'mobile.redirect_title': 'Tilbake til appen',
  'mobile.returning': 'Sender deg tilbake til Digipost-appen …',
  'mobile.logout_title': 'Loggar ut',
  'mobile.logging_out': 'Loggar deg ut og sender deg tilbake til appen …',
} satisfies MobileTexts;
