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
}

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

function readRuntime(env: Record<string, string | undefined>): RuntimeConfig {
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
  return {
    environment,
    publicHost,
    statusPageUrl: readUrl('STATUSPAGE_URL', env.STATUSPAGE_URL, defaultRuntimeConfig.statusPageUrl).replace(/\/+$/, ''),
    statusPageComponentId: componentId,
    chatbotUrl: readUrl('CHATBOT_URL', env.CHATBOT_URL, defaultRuntimeConfig.chatbotUrl),
    analyticsUrl: readUrl('ANALYTICS_URL', env.ANALYTICS_URL, defaultRuntimeConfig.analyticsUrl),
    sentryDsn: dsn,
  };
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

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR) : path.join(projectRoot, '.data');
  const distDir = env.DIST_DIR?.trim() ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist');
  return {
    port: readPort(env.PORT),
    dataDir,
    apiUpstream: readUpstream(env.API_UPSTREAM),
    distDir,
    adminNetworks: readAdminNetworks(env.ADMIN_NETWORKS),
    runtime: readRuntime(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    limits: readLimitSettings(env),
  };
}
