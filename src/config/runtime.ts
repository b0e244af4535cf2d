/**
 * Settings the server hands the page at run time (one build, many environments): read from a JSON
 * script element the server fills in (server/app-html.ts). JSON in a script element is data, not
 * code, so the Content-Security-Policy has nothing to allow.
 */
export interface RuntimeConfig {
  /** 'production' only where the real service runs; error reporting and quiet analytics need it. */
  environment: 'production' | 'development' | 'test';
  /** The product's public host: error reporting runs only there, analytics stay quiet only there. */
  publicHost: string;
  /** Base URL of the status-page API (…/api/v2) and the component whose status counts; empty: no banner, nothing fetched. */
  statusPageUrl: string;
  statusPageComponentId: string;
  /** The chatbot script, loaded when the footer's chat button is pressed; empty: no chat button. */
  chatbotUrl: string;
  /** The analytics script; empty: no script (events are still written to the console off production). */
  analyticsUrl: string;
  /** The error-reporting DSN; empty for none. */
  sentryDsn: string;
  /**
   * Whether a passkey the backend does not know is reported to the person's password manager, which may
   * then delete it (WebAuthn signalUnknownCredential, issue #51). The RP ID `digipost.no` covers every
   * host under it, so a test backend there would erase people's real passkeys: on only in production.
   * Absent (a page without settings from the server): off. Not in the defaults below, which every
   * screen's first load carries.
   */
  passkeySignalUnknown?: boolean;
}

/**
 * The emulator's stand-ins: what a page without settings from the server uses (a static deploy, tests).
 * The server turns them off when it has a real backend and no values for them (server/config.ts).
 */
export const defaultRuntimeConfig: RuntimeConfig = {
  environment: 'development',
  publicHost: 'www.digipost.no',
  statusPageUrl: '/dev/statuspage/api/v2',
  statusPageComponentId: 'innlogging',
  chatbotUrl: '/dev/chatbot/widget.js',
  analyticsUrl: '/dev/analytics/analytics.js',
  sentryDsn: '',
};

export const runtimeConfigElementId = 'runtime-config';

let cached: RuntimeConfig | undefined;

/** The page's settings; the defaults where there is no page (the build's prerender, in Node). */
export function runtimeConfig(doc: Document | undefined = globalThis.document): RuntimeConfig {
  if (!doc) return defaultRuntimeConfig;
  if (cached) return cached;
  let fromPage: Partial<RuntimeConfig> = {};
  try {
    const text = doc.getElementById(runtimeConfigElementId)?.textContent;
    if (text) fromPage = JSON.parse(text) as Partial<RuntimeConfig>;
  } catch {
    fromPage = {};
  }
  cached = { ...defaultRuntimeConfig, ...fromPage };
  return cached;
}

/** For tests: forget what was read. */
export function resetRuntimeConfig() {
  cached = undefined;
}
