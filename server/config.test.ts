// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('has working defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.apiUpstream).toBeNull();
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it('reads PORT, DATA_DIR and API_UPSTREAM', () => {
    const config = readConfig({ PORT: '0', DATA_DIR: '/tmp/x', API_UPSTREAM: 'https://api.example.no' });
    expect(config.port).toBe(0);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.apiUpstream?.origin).toBe('https://api.example.no');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ API_UPSTREAM: 'not a url' }, 'API_UPSTREAM'],
    [{ API_UPSTREAM: 'ftp://api.example.no' }, 'API_UPSTREAM'],
    [{ API_UPSTREAM: 'https://api.example.no/post/api' }, 'API_UPSTREAM'],
    [{ ADMIN_NETWORKS: '10.0.0.0/33' }, 'ADMIN_NETWORKS'],
    [{ ADMIN_NETWORKS: 'localhost' }, 'ADMIN_NETWORKS'],
    [{ ADMIN_NETWORKS: ',' }, 'ADMIN_NETWORKS'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });
});

describe('runtime settings for the page', () => {
  it('has defaults that work with the emulator', () => {
    expect(readConfig({}).runtime).toMatchObject({ environment: 'development', statusPageUrl: '/dev/statuspage/api/v2', sentryDsn: '' });
  });

  it.each([
    [{ APP_ENVIRONMENT: 'staging' }, 'APP_ENVIRONMENT'],
    [{ PUBLIC_HOST: 'https://www.example.no/' }, 'PUBLIC_HOST'],
    [{ STATUSPAGE_URL: 'javascript:alert(1)' }, 'STATUSPAGE_URL'],
    [{ CHATBOT_URL: '//evil.example/x.js' }, 'CHATBOT_URL'],
    [{ SENTRY_DSN: 'not a dsn' }, 'SENTRY_DSN'],
    [{ STATUSPAGE_COMPONENT_ID: 'a b' }, 'STATUSPAGE_COMPONENT_ID'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });
});
