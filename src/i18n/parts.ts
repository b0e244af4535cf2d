/**
 * The parts whose texts come with them alone (issue #52), for the router's routes (app/router.tsx, which
 * imports this when such a route loads) and the prerender. The reset wizard takes its own from
 * ./reset/part.ts. Out of texts.ts, which every first load carries.
 */
export { forgotTexts } from './forgot/part';
export { mobileTexts } from './mobile/part';
export { passkeysTexts } from './passkeys/part';
export { resetTexts } from './reset/part';
export { signInTexts } from './sign-in/part';
export { statementTexts } from './statement/part';
