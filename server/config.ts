/**
 * Server configuration from the environment, validated at start-up. A bad value stops the server
 * with a message that names the variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseNetworks, type Network } from './networks';
import { defaultRuntimeConfig, type RuntimeConfig } from '../src/config/runtime';
import { readLimits, type Limits } from './emulator/limits';
import type { TrustProxy } from './client-address';

export interface ServerConfig {
  port: number;
  /** Where the emulator keeps its database. */
  dataDir: string;
  /** When set, /post/api and /post/log go to this upstream and the emulator is off. */
  apiUpstream: URL | null;
  /** The built front end (vite build output). */
  distDir: string;
  /** Where the admin entry may be used from (the emulator's GET /post/api/admin/access). */
  adminNetworks: Network[];
  /** Handed to the page (src/config/runtime.ts). */
  runtime: RuntimeConfig;
  /** Whether, and from where, a proxy in front is believed about the client's address and https (X-Forwarded-For, -Proto). */
  trustProxy: TrustProxy;
  /** The emulator's attempt limits, lifetimes and caps (LIMIT_… variables). */
  limits: Limits;
  /**
   * APP_ENVIRONMENT=production without API_UPSTREAM, let through by ALLOW_EMULATOR_IN_PRODUCTION=1:
   * the emulator and /dev/ are served (local tests of production-only behaviour, never a deployment).
   */
  emulatorInProduction: boolean;
  /** Settings off because API_UPSTREAM is set and they were not given (their stand-ins are the emulator's). */
  offWithUpstream: OffSetting[];
  /** The emulator's WebAuthn relying party (PASSKEY_RP_ID, PASSKEY_ORIGINS); unused with API_UPSTREAM. */
  passkeys: PasskeyConfig;
}

/** The relying party passkeys are bound to, and the origins whose pages may use them. */
export interface PasskeySettings {
  rpId: string;
  origins: readonly string[];
}

/**
 * PASSKEY_RP_ID and PASSKEY_ORIGINS as read: origins null when unset, meaning http://localhost:<the port
 * this server listens on>, known only once it listens (PORT=0 picks a free one): see passkeySettingsFor.
 */
export interface PasskeyConfig {
  rpId: string;
  origins: readonly string[] | null;
}

/** A page setting that is off: what it is, and the variable that turns it on. */
export interface OffSetting {
  what: string;
  variable: string;
}

/** The one value of ALLOW_EMULATOR_IN_PRODUCTION that lets a production server run the emulator. */
export const allowEmulatorInProduction = { variable: 'ALLOW_EMULATOR_IN_PRODUCTION', value: '1' } as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535 (0 picks a free port), got "${value}"`);
  }
  return Number(value);
}

function readUpstream(value: string | undefined): URL | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('API_UPSTREAM', `must be an absolute http(s) URL such as https://api.example.no, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('API_UPSTREAM', `must use http or https, got "${url.protocol}"`);
  }
  if (url.username || url.password) {
    throw new ConfigError('API_UPSTREAM', 'must not carry a user name or password: give the origin only');
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError('API_UPSTREAM', 'must be an origin only (no path, query or fragment): the paths /post/api and /post/log are kept');
  }
  return url;
}

export const defaultAdminNetworks = '127.0.0.0/8,::1';

function readAdminNetworks(value: string | undefined): Network[] {
  try {
    return parseNetworks(value === undefined || value.trim() === '' ? defaultAdminNetworks : value);
  } catch (error) {
    throw new ConfigError('ADMIN_NETWORKS', `must be comma-separated CIDR networks such as 10.0.0.0/8,::1: ${(error as Error).message}`);
  }
}

/** A URL setting: absolute http(s), or a path on this site. */
function readUrl(variable: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    if (url.protocol === 'https:' || url.protocol === 'http:') return text;
  } catch {
    // fall through
  }
  throw new ConfigError(variable, `must be an http(s) URL or a path starting with /, got "${value}"`);
}

/**
 * The settings whose defaults are the emulator's /dev/ stand-ins. With API_UPSTREAM set there is no
 * emulator, so left unset they are off (empty: no status-page fetch, no chat button, no analytics script).
 */
const standInSettings = [
  { key: 'statusPageUrl', variable: 'STATUSPAGE_URL', what: 'status banner' },
  { key: 'chatbotUrl', variable: 'CHATBOT_URL', what: 'chatbot' },
  { key: 'analyticsUrl', variable: 'ANALYTICS_URL', what: 'analytics' },
] as const;

function readRuntime(env: Record<string, string | undefined>, withUpstream: boolean): { runtime: RuntimeConfig; off: OffSetting[] } {
  const environment = env.APP_ENVIRONMENT?.trim() || defaultRuntimeConfig.environment;
  if (environment !== 'production' && environment !== 'development' && environment !== 'test') {
    throw new ConfigError('APP_ENVIRONMENT', `must be production, development or test, got "${environment}"`);
  }
  const publicHost = env.PUBLIC_HOST?.trim() || defaultRuntimeConfig.publicHost;
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(publicHost)) throw new ConfigError('PUBLIC_HOST', `must be a host name, got "${publicHost}"`);
  const componentId = env.STATUSPAGE_COMPONENT_ID?.trim() || defaultRuntimeConfig.statusPageComponentId;
  if (!/^[\w-]+$/.test(componentId)) throw new ConfigError('STATUSPAGE_COMPONENT_ID', `must be letters, digits, - or _, got "${componentId}"`);
  const dsn = env.SENTRY_DSN?.trim() ?? '';
  if (dsn) {
    try {
      new URL(dsn);
    } catch {
      throw new ConfigError('SENTRY_DSN', `must be a DSN URL such as https://key@host/1, got "${dsn}"`);
    }
  }
  const urls = {} as Record<(typeof standInSettings)[number]['key'], string>;
  const off: OffSetting[] = [];
  for (const { key, variable, what } of standInSettings) {
    const url = readUrl(variable, env[variable], withUpstream ? '' : defaultRuntimeConfig[key]);
    // The status page's base is used without its trailing slashes.
    urls[key] = key === 'statusPageUrl' ? url.replace(/\/+$/, '') : url;
    if (!urls[key]) off.push({ what, variable });
  }
  const signalUnknown = env.PASSKEY_SIGNAL_UNKNOWN?.trim() || 'off';
  if (signalUnknown !== 'on' && signalUnknown !== 'off') throw new ConfigError('PASSKEY_SIGNAL_UNKNOWN', `must be on or off, got "${signalUnknown}"`);
  const runtime: RuntimeConfig = {
    environment,
    publicHost,
    statusPageUrl: urls.statusPageUrl,
    statusPageComponentId: componentId,
    chatbotUrl: urls.chatbotUrl,
    analyticsUrl: urls.analyticsUrl,
    sentryDsn: dsn,
    passkeySignalUnknown: signalUnknown === 'on',
  };
  return { runtime, off };
}

function readAllowEmulatorInProduction(value: string | undefined): boolean {
  const { variable, value: allowed } = allowEmulatorInProduction;
  if (value === undefined || value === '') return false;
  if (value !== allowed) throw new ConfigError(variable, `must be ${allowed} (or unset), got "${value}"`);
  return true;
}

function readTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  try {
    return parseNetworks(text);
  } catch (error) {
    throw new ConfigError('TRUST_PROXY', `must be true, false, or the proxies' CIDR networks such as 10.0.0.0/8,::1: ${(error as Error).message}`);
  }
}

function readLimitSettings(env: Record<string, string | undefined>): Limits {
  try {
    return readLimits(env);
  } catch (error) {
    const { variable, message } = error as Error & { variable?: string };
    if (variable) throw new ConfigError(variable, message);
    throw error;
  }
}

/** A DNS name of letters, digits and hyphens in dot-separated labels, lower case (an RP ID is never an IP address). */
const domainName = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Whether http is good enough for a host: localhost only, where browsers treat it as a secure context. */
const isLocalhost = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The WebAuthn relying party (issue #36, docs/decisions/025). Never taken from a request's Host or
 * X-Forwarded-Host: a passkey is bound to its RP ID for good, and a header anyone can send must not
 * choose it. Each origin's host must be the RP ID or under it, as browsers require.
 */
function readPasskeys(env: Record<string, string | undefined>): PasskeyConfig {
  const rpId = env.PASSKEY_RP_ID?.trim().toLowerCase() || 'localhost';
  if (!domainName.test(rpId) || /^[\d.]+$/.test(rpId)) {
    throw new ConfigError('PASSKEY_RP_ID', `must be a domain name such as digipost.no (no scheme, port or IP address), got "${env.PASSKEY_RP_ID}"`);
  }
  const text = env.PASSKEY_ORIGINS?.trim() ?? '';
  if (text === '') {
    if (rpId !== 'localhost') throw new ConfigError('PASSKEY_ORIGINS', `must be set when PASSKEY_RP_ID is not localhost (e.g. https://www.${rpId})`);
    return { rpId, origins: null };
  }
  const origins = text.split(',').map((item) => {
    const value = item.trim();
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError('PASSKEY_ORIGINS', `must be comma-separated origins such as https://www.digipost.no, got "${value}"`);
    }
    if (url.origin !== value.replace(/\/$/, '')) {
      throw new ConfigError('PASSKEY_ORIGINS', `must be origins only (scheme, host and port; no path, query or user), got "${value}"`);
    }
    const host = url.hostname;
    if (host !== rpId && !host.endsWith(`.${rpId}`)) {
      throw new ConfigError('PASSKEY_ORIGINS', `${url.origin} is not on the RP ID ${rpId} (its host must be ${rpId} or under it)`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalhost(host))) {
      throw new ConfigError('PASSKEY_ORIGINS', `${url.origin} must use https (http only for localhost)`);
    }
    return url.origin;
  });
  return { rpId, origins };
}

/**
 * The emulator's passkey settings, read when a call needs them: the origins' default is this server's
 * own, at the port it is bound to (`boundPort`, known once it listens; PORT=0 picks a free one).
 */
export function passkeySettingsFor(config: PasskeyConfig, boundPort: () => number): () => PasskeySettings {
  return () => ({ rpId: config.rpId, origins: config.origins ?? [`http://localhost:${boundPort()}`] });
}

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR) : path.join(projectRoot, '.data');
  const distDir = env.DIST_DIR?.trim() ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist');
  const apiUpstream = readUpstream(env.API_UPSTREAM);
  const { runtime, off } = readRuntime(env, apiUpstream !== null);
  const allowEmulator = readAllowEmulatorInProduction(env[allowEmulatorInProduction.variable]);
  // Production means the real backend: the emulator and /dev/ are never reachable there by accident.
  if (runtime.environment === 'production' && !apiUpstream && !allowEmulator) {
    throw new ConfigError(
      'APP_ENVIRONMENT',
      'production needs API_UPSTREAM (the real backend); without it the backend emulator and /dev/ would be served. ' +
        `Set API_UPSTREAM, or ${allowEmulatorInProduction.variable}=${allowEmulatorInProduction.value} for a local test only`,
    );
  }
  return {
    port: readPort(env.PORT),
    dataDir,
    apiUpstream,
    distDir,
    adminNetworks: readAdminNetworks(env.ADMIN_NETWORKS),
    runtime,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    limits: readLimitSettings(env),
    emulatorInProduction: runtime.environment === 'production' && !apiUpstream,
    offWithUpstream: apiUpstream ? off : [],
    passkeys: readPasskeys(env),
  };
}

/** What the server says at start-up besides where it listens: loud warnings, and plain notes. */
export function startupMessages(config: ServerConfig): { warnings: string[]; notes: string[] } {
  const warnings = config.emulatorInProduction
    ? [
        `WARNING: APP_ENVIRONMENT=production with the backend emulator and /dev/ tools served (${allowEmulatorInProduction.variable}=${allowEmulatorInProduction.value}): ` +
          'anyone who reaches this server can sign in as anybody. For local tests only, never a deployment.',
      ]
    : [];
  const notes = config.offWithUpstream.length
    ? [`Off because API_UPSTREAM is set: ${config.offWithUpstream.map(({ what, variable }) => `${what} (set ${variable} to turn it on)`).join(', ')}.`]
    : [];
  return { warnings, notes };
}
