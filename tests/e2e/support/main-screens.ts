/** The main screens of issue #8 as the end-to-end suite visits them: path under a language's base, and heading. */
import { mainScreenNames, samplePath } from '../../../scripts/first-load';
import type { TextKey } from '../../../src/i18n/nb';
import { screenManifest } from '../../../src/screens/screens';

/**
 * The heading once the app has run, where it differs from the first paint's: the logged-out pages say
 * so only after checking that nobody is signed in (docs/decisions/013).
 */
const settledHeadings: Partial<Record<(typeof mainScreenNames)[number], TextKey>> = { logout: 'logout.heading', timeout: 'timeout.heading' };

export const mainScreens = mainScreenNames.map((name) => ({
  name,
  path: samplePath(name),
  heading: screenManifest[name].heading,
  settledHeading: settledHeadings[name] ?? screenManifest[name].heading,
}));
