/**
 * Server configuration from the environment, validated at start-up. A bad value stops the server
 * with a message that names the variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseNetworks, type Network } from './networks';

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

export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR) : path.join(projectRoot, '.data');
  const distDir = env.DIST_DIR?.trim() ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist');
  return {
    port: readPort(env.PORT),
    dataDir,
    apiUpstream: readUpstream(env.API_UPSTREAM),
    distDir,
    adminNetworks: readAdminNetworks(env.ADMIN_NETWORKS),
  };
}
