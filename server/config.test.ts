// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, passkeySettingsFor, readConfig, startupMessages } from './config';
import { bootScript } from '../src/app/boot/boot-script';
import { contentSecurityPolicy } from './security-headers';
import { cspHash } from './style-hashes';

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
    [{ API_UPSTREAM: 'https://user:pw@api.example.no' }, 'API_UPSTREAM'],
    [{ ADMIN_NETWORKS: '10.0.0.0/33' }, 'ADMIN_NETWORKS'],
    [{ ADMIN_NETWORKS: 'localhost' }, 'ADMIN_NETWORKS'],
    [{ ADMIN_NETWORKS: ',' }, 'ADMIN_NETWORKS'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });
});

describe('passkey settings (PASSKEY_RP_ID, PASSKEY_ORIGINS)', () => {
  it('default to localhost at the port the server is bound to, known only once it listens (PORT=0)', () => {
    const config = readConfig({ PORT: '0' });
    expect(config.passkeys).toEqual({ rpId: 'localhost', origins: null });
    let bound = 0;
    const settings = passkeySettingsFor(config.passkeys, () => bound);
    bound = 43123;
    expect(settings()).toEqual({ rpId: 'localhost', origins: ['http://localhost:43123'] });
  });

  it('reads the production values', () => {
    const config = readConfig({ PASSKEY_RP_ID: 'digipost.no', PASSKEY_ORIGINS: 'https://www.digipost.no, https://digipost.no/' });
    expect(config.passkeys).toEqual({ rpId: 'digipost.no', origins: ['https://www.digipost.no', 'https://digipost.no'] });
    expect(passkeySettingsFor(config.passkeys, () => 3000)().origins).toEqual(['https://www.digipost.no', 'https://digipost.no']);
  });

  it.each([
    [{ PASSKEY_RP_ID: '127.0.0.1', PASSKEY_ORIGINS: 'https://127.0.0.1' }, 'PASSKEY_RP_ID'],
    [{ PASSKEY_RP_ID: '::1' }, 'PASSKEY_RP_ID'],
    [{ PASSKEY_RP_ID: 'https://digipost.no' }, 'PASSKEY_RP_ID'],
    [{ PASSKEY_RP_ID: 'digipost.no:443' }, 'PASSKEY_RP_ID'],
    // The default origin is localhost's, which another RP ID cannot use.
    [{ PASSKEY_RP_ID: 'digipost.no' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_RP_ID: 'digipost.no', PASSKEY_ORIGINS: 'https://www.digipost.no.evil.example' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_RP_ID: 'digipost.no', PASSKEY_ORIGINS: 'https://notdigipost.no' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_RP_ID: 'digipost.no', PASSKEY_ORIGINS: 'http://www.digipost.no' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_RP_ID: 'digipost.no', PASSKEY_ORIGINS: 'https://www.digipost.no/innlogging' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_ORIGINS: 'not an origin' }, 'PASSKEY_ORIGINS'],
    [{ PASSKEY_ORIGINS: 'http://localhost:3000,http://127.0.0.1:3000' }, 'PASSKEY_ORIGINS'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });

  it('takes http for localhost', () => {
    expect(readConfig({ PASSKEY_ORIGINS: 'http://localhost:3000' }).passkeys.origins).toEqual(['http://localhost:3000']);
  });
});

describe('runtime settings for the page', () => {
  it('has defaults that work with the emulator', () => {
    expect(readConfig({}).runtime).toMatchObject({ environment: 'development', statusPageUrl: '/dev/statuspage/api/v2', sentryDsn: '' });
  });

  it('names unknown passkeys to password managers only when PASSKEY_SIGNAL_UNKNOWN=on (issue #51), and so in the production example', async () => {
    expect(readConfig({}).runtime.passkeySignalUnknown).toBe(false);
    expect(readConfig({ PASSKEY_SIGNAL_UNKNOWN: 'off' }).runtime.passkeySignalUnknown).toBe(false);
    expect(readConfig({ PASSKEY_SIGNAL_UNKNOWN: 'on' }).runtime.passkeySignalUnknown).toBe(true);
    const { exampleConfigSettings } = await import('./deploy/example');
    expect(readConfig(exampleConfigSettings).runtime.passkeySignalUnknown).toBe(true);
  });

  it.each([
    [{ APP_ENVIRONMENT: 'staging' }, 'APP_ENVIRONMENT'],
    [{ PUBLIC_HOST: 'https://www.example.no/' }, 'PUBLIC_HOST'],
    [{ STATUSPAGE_URL: 'javascript:alert(1)' }, 'STATUSPAGE_URL'],
    [{ CHATBOT_URL: '//evil.example/x.js' }, 'CHATBOT_URL'],
    [{ SENTRY_DSN: 'not a dsn' }, 'SENTRY_DSN'],
    [{ STATUSPAGE_COMPONENT_ID: 'a b' }, 'STATUSPAGE_COMPONENT_ID'],
    [{ PASSKEY_SIGNAL_UNKNOWN: 'yes' }, 'PASSKEY_SIGNAL_UNKNOWN'],
  ])('rejects %o naming %s', (env, variable) => {
    expect(() => readConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });
});

describe('deployment modes', () => {
  const upstream = 'https://api.example.no';

  it('refuses production without API_UPSTREAM, naming both variables', () => {
    expect(() => readConfig({ APP_ENVIRONMENT: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ APP_ENVIRONMENT: 'production' })).toThrow(/^APP_ENVIRONMENT: .*API_UPSTREAM/);
    expect(() => readConfig({ APP_ENVIRONMENT: 'production', API_UPSTREAM: '  ' })).toThrow(/^APP_ENVIRONMENT: .*API_UPSTREAM/);
  });

  it('runs production with an upstream, and development and test without one', () => {
    expect(readConfig({ APP_ENVIRONMENT: 'production', API_UPSTREAM: upstream })).toMatchObject({ emulatorInProduction: false });
    for (const environment of ['development', 'test']) {
      expect(readConfig({ APP_ENVIRONMENT: environment }).emulatorInProduction).toBe(false);
    }
  });

  it('lets production run the emulator with ALLOW_EMULATOR_IN_PRODUCTION=1 only, and warns loudly', () => {
    const config = readConfig({ APP_ENVIRONMENT: 'production', ALLOW_EMULATOR_IN_PRODUCTION: '1' });
    expect(config.apiUpstream).toBeNull();
    expect(config.emulatorInProduction).toBe(true);
    const { warnings } = startupMessages(config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^WARNING: APP_ENVIRONMENT=production .*emulator.*ALLOW_EMULATOR_IN_PRODUCTION=1/);
    for (const value of ['true', 'yes', '01', ' 1', '1 ']) {
      expect(() => readConfig({ APP_ENVIRONMENT: 'production', ALLOW_EMULATOR_IN_PRODUCTION: value }), value).toThrow(/^ALLOW_EMULATOR_IN_PRODUCTION:/);
    }
    // Outside production, or with a real backend, it changes nothing and nobody is warned.
    expect(startupMessages(readConfig({ ALLOW_EMULATOR_IN_PRODUCTION: '1' })).warnings).toEqual([]);
    expect(startupMessages(readConfig({ APP_ENVIRONMENT: 'production', API_UPSTREAM: upstream, ALLOW_EMULATOR_IN_PRODUCTION: '1' })).warnings).toEqual([]);
  });

  it('turns the stand-in settings off with API_UPSTREAM, saying which and how to turn each on', () => {
    const config = readConfig({ API_UPSTREAM: upstream });
    expect(config.runtime).toMatchObject({ statusPageUrl: '', chatbotUrl: '', analyticsUrl: '' });
    const { notes, warnings } = startupMessages(config);
    expect(warnings).toEqual([]);
    expect(notes).toEqual([
      'Off because API_UPSTREAM is set: status banner (set STATUSPAGE_URL to turn it on), chatbot (set CHATBOT_URL to turn it on), analytics (set ANALYTICS_URL to turn it on).',
    ]);
    // The Content-Security-Policy then allows our own origin only (and the boot script by its hash), and stays well-formed.
    const policy = contentSecurityPolicy(config.runtime);
    expect(policy).toContain(`script-src 'self' ${cspHash(bootScript)};`);
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/ ;| {2}|null|undefined/);
  });

  it('uses a setting given with API_UPSTREAM, and says only what stays off', () => {
    const config = readConfig({
      API_UPSTREAM: upstream,
      CHATBOT_URL: 'https://chat.example.no/widget.js',
      STATUSPAGE_URL: 'https://status.example.no/api/v2/',
    });
    expect(config.runtime).toMatchObject({
      statusPageUrl: 'https://status.example.no/api/v2',
      chatbotUrl: 'https://chat.example.no/widget.js',
      analyticsUrl: '',
    });
    expect(startupMessages(config).notes).toEqual(['Off because API_UPSTREAM is set: analytics (set ANALYTICS_URL to turn it on).']);
    expect(() => readConfig({ API_UPSTREAM: upstream, ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/^ANALYTICS_URL:/);
  });

  it('keeps the emulator stand-ins without an upstream, and says nothing about them', () => {
    const config = readConfig({});
    expect(config.runtime).toMatchObject({
      statusPageUrl: '/dev/statuspage/api/v2',
      chatbotUrl: '/dev/chatbot/widget.js',
      analyticsUrl: '/dev/analytics/analytics.js',
    });
    expect(startupMessages(config)).toEqual({ warnings: [], notes: [] });
  });
});
