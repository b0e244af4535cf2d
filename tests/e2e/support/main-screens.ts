/** The main screens of issue #8 as the end-to-end suite visits them: path under a language's base, and heading. */
import { mainScreenNames, samplePath } from '../../../scripts/first-load';
import { screenManifest } from '../../../src/screens/screens';

export const mainScreens = mainScreenNames.map((name) => ({ name, path: samplePath(name), heading: screenManifest[name].heading }));
