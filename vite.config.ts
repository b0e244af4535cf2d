import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { browserManifestPlugin } from './build/browser-manifest-plugin';
import { commonPasswordsPlugin } from './build/common-passwords-plugin';
import { hedwigFontFamilyPlugin, hedwigFontsPlugin } from './build/hedwig-fonts-plugin';
import { cssPurgePlugin } from './build/css-purge-plugin';
import { fontSubsetPlugin } from './build/font-subset-plugin';
import { headScriptPlugin } from './build/head-script-plugin';
import { libraryModules } from './build/library-modules';
import { preloadHelperPlugin } from './build/preload-helper-plugin';
import { sourcemapsPlugin } from './build/sourcemaps-plugin';

// What the page frame (header, footer, spinner) shows of Hedwig, with what it needs: in the common chunk.
// Hedwig's other components go with the screens that show them, not into every first load (issue #52).
const frameLibraryModules = libraryModules(fileURLToPath(new URL('./node_modules/@postenbring/hedwig-react/dist', import.meta.url)), [
  'Navbar',
  'useNavbarExpendableMenuContext',
  'Footer',
  'Spinner',
]);
/** The small libraries the common chunk's own code uses. */
const commonLibraries = /node_modules[\\/](@postenbring[\\/]hedwig-css[\\/]typed-classname|@radix-ui|clsx|valibot)[\\/]/;
/**
 * App code every screen uses, and the router with the page frame. Not config/runtime: the entry needs it
 * (error reporting) and must import no chunk, or React would come before the first paint. Not
 * contract/status-page either: only the status banner, loaded after the page, reads it. Nor
 * contract/passkeys and passkey-requests: WebAuthn comes after the first paint (issue #36). Nor the API
 * areas of a few screens (admin, email verification, the app's token, the reset): they go with those
 * screens, off the private login's first load (issue #49).
 */
const commonAppModules =
  /src[\\/](app[\\/](boot[\\/](run|waiting-note|mount|early-input)|app-root|router|root-layout|footer|header|language-menu|language-links|error-page|use-current-path|boot[\\/]first-render)\.tsx?$|ui[\\/](icons|use-layout-flags)|features[\\/](chatbot[\\/](chatbot-button|load-chatbot|chatbot-markup)|mobile[\\/]mobile-pages)|errors[\\/]page|screens[\\/]|security[\\/]|contract[\\/](?!status-page|passkey)|config[\\/](?!runtime)|errors[\\/]wait|api[\\/](?!admin|email-verification|oauth|password-reset)|i18n[\\/](i18n-context|translate|texts|(sign-in|forgot|mobile)[\\/]part)|features[\\/](analytics[\\/](names|track)|session[\\/](root-document|leave|roles|lazy-wrong-role-dialog|use-recheck-on-return)|login[\\/](login-start|eid-fallback-button|field-ids)|customer-service[\\/]customer-service|passkeys[\\/]support)|ui[\\/](page|hyphenated-words|delayed-spinner|error-illustration|use-document-title|busy-button|use-hydrated))/;

const emulatorPort = process.env.EMULATOR_PORT ?? '3001';

export default defineConfig(({ command }) => ({
  base: '/innlogging/',
  // The year the screens are prerendered in: the footer's copyright shows it until the page has
  // hydrated, then the browser's (src/app/footer.tsx).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // React Router's package names its development build for every condition; its production build
  // differs only in leaving out development warnings, which the browser build has no use for.
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] }
      : {},
  plugins: [
    react(),
    preloadHelperPlugin(),
    browserManifestPlugin(),
    commonPasswordsPlugin(),
    hedwigFontsPlugin(),
    cssPurgePlugin(),
    hedwigFontFamilyPlugin(),
    fontSubsetPlugin(),
    headScriptPlugin(),
    sourcemapsPlugin(),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    // No preload helper: it would sit in a shared chunk the entry then imports (pulling React into the
    // first paint of a prerendered page), and its link juggling costs main-thread time while the app
    // starts. The server names a page's whole first load in preload hints instead (server/app-html.ts).
    modulePreload: false,
    // Maps without the sourceMappingURL comment, moved out of dist/ to dist-sourcemaps/ (for an upload to
    // error reporting): nothing served names or holds the sources (build/sourcemaps-plugin.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      // A feature's index.ts only re-exports (its public file, docs/architecture.md): no code of its own,
      // so importers are linked straight to the modules it names, and the file itself adds no chunk
      // and no import between chunks (which, in a cycle of chunks, would run a module before its imports).
      // @simplewebauthn/browser's modules have no side effects either, though its package does not say so:
      // said here, its index no longer ties making a passkey's code to signing in with one (issue #52).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$|[\\/]node_modules[\\/]@simplewebauthn[\\/]browser[\\/]/.test(id),
      },
      // Posten Sans's @font-face rules are a stylesheet of their own, which every page has inline
      // (server/critical-css.ts): declared once, never again by a stylesheet that arrives later.
      input: { index: 'index.html', fonts: 'src/app/fonts.css' },
      output: {
        // Chrome's compile hint: V8 compiles every function of these two chunks while they download, on
        // a background thread. Nearly all of their code runs when the app starts; compiled lazily, each
        // function's first call compiled it on the main thread, in the tasks that block a tap
        // (creating the router was mostly that). Not for Hedwig or app code: little of it runs at start.
        postBanner: (chunk) => (['react', 'react-router'].includes(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        // What every screen needs, in three chunks instead of a dozen slivers (each file costs its own
        // compression and glue): React, React Router, then the app's common code with Hedwig's frame.
        // Separate, so the app's start evaluates them in separate tasks (src/app/boot/start.ts) and the
        // compile hint covers only the first two.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
            // What every screen loads once it is drawn: the status page's check and the analytics, in one file.
            {
              name: 'idle',
              test: /src[\\/](features[\\/](status-banner[\\/](status-banner|select-banner)\.tsx?$|analytics[\\/](analytics|redact)\.ts$)|contract[\\/]status-page)/,
              priority: 0,
              includeDependenciesRecursively: false,
            },
            // What the forgotten-password pages (the web's and the app's) show of the reset before it starts, in one file.
            {
              name: 'forgot-password',
              test: /src[\\/](features[\\/]password-reset[\\/](forgot-password-options|reset-url|reset-route-action)\.tsx?$|i18n[\\/]reset[\\/]part\.ts$)/,
              priority: 0,
              includeDependenciesRecursively: false,
            },
            // What every screen needs at once, in one file: the page frame, the router, the app code and
            // libraries every screen uses (one file compresses better than three: 1.4 KB less each screen).
            {
              name: 'common',
              test: (id: string) => frameLibraryModules.has(path.normalize(id)) || commonLibraries.test(id) || commonAppModules.test(id),
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/post': `http://localhost:${emulatorPort}`,
      '/dev': `http://localhost:${emulatorPort}`,
      '/postkasse': `http://localhost:${emulatorPort}`,
      '/registrering': `http://localhost:${emulatorPort}`,
      '/virksomhetsadmin': `http://localhost:${emulatorPort}`,
      '/admin': `http://localhost:${emulatorPort}`,
    },
  },
}));
