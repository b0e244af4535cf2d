/**
 * Bokmål texts of the app's pages that move on by themselves (to ID-porten, back to the app, the app's
 * logout): they come with those pages' first load (../mobile/part.ts; issue #52). The app's error page's
 * texts stay with every page's (../page/nb.ts): it may show where a route failed to load.
 */
export const nbMobile = {
  'mobile.login_title': 'Logg inn fra appen',
  'mobile.redirecting_eid': 'Sender deg til ID-porten …',
  'mobile.fallback': 'Skjer det ingenting? Trykk her for å fortsette.',
  'mobile.redirect_title': 'Tilbake til appen',
  'mobile.returning': 'Sender deg tilbake til Digipost-appen …',
  'mobile.logout_title': 'Logger ut',
  'mobile.logging_out': 'Logger deg ut og sender deg tilbake til appen …',
} as const;
