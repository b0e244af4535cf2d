// `npm run build`: the production build into dist/ (vite build, the stylesheet purge's second build
// when the class list changed, then the prerendered screens), its source maps into dist-sourcemaps/.
import { buildFrontEnd } from './lib.mjs';

buildFrontEnd();
