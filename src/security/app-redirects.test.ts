import { describe, expect, it } from 'vitest';
import { allowedAppRedirect, appRedirectTargets, appRedirectUri } from './app-redirects';

describe('app redirect allowlist', () => {
  it.each(appRedirectTargets.map((target) => [`${target.scheme}://${target.host}/?code=abc&state=xyz`, target.client]))('follows %s (%s)', (url, client) => {
    expect(allowedAppRedirect(url)?.client).toBe(client);
  });

  it('follows the bare registered form and a path or fragment after it', () => {
    expect(allowedAppRedirect('no.digipost.ios://oauth-callback')).not.toBeNull();
    expect(allowedAppRedirect('no.digipost.ios://oauth-callback/done')).not.toBeNull();
    expect(allowedAppRedirect('no.digipost.ios://oauth-callback#x')).not.toBeNull();
  });

  it.each([
    ['another scheme', 'no.digipost.evil://oauth-callback/'],
    ['a scheme that only starts the same', 'no.digipost.iosx://oauth-callback/'],
    ['an https attacker host', 'https://evil.example/?code=1'],
    ['our own https site', 'https://www.digipost.no/'],
    ['javascript:', 'javascript:alert(1)//no.digipost.ios://oauth-callback'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['mixed case scheme', 'No.Digipost.IOS://oauth-callback/'],
    ['mixed case host', 'no.digipost.ios://OAuth-Callback/'],
    ['a percent-encoded scheme', 'no.digipost.ios%3A%2F%2Foauth-callback/'],
    ['a percent-encoded host', 'no.digipost.ios://oauth%2Dcallback/'],
    ['a userinfo part', 'no.digipost.ios://evil@oauth-callback/'],
    ['a userinfo part after the host', 'no.digipost.ios://oauth-callback@evil.example/'],
    ['a trailing dot', 'no.digipost.ios://oauth-callback./'],
    ['a longer host', 'no.digipost.ios://oauth-callback.evil.example/'],
    ['a port', 'no.digipost.ios://oauth-callback:8080/'],
    ['a backslash', 'no.digipost.ios://oauth-callback\\@evil.example/'],
    ['a line break', 'no.digipost.ios://oauth-callback/\r\nx'],
    ['leading whitespace', ' no.digipost.ios://oauth-callback/'],
    ['protocol-relative', '//oauth-callback/'],
    ['empty', ''],
  ])('does not follow %s', (_, url) => {
    expect(allowedAppRedirect(url)).toBeNull();
  });

  it('gives each client its registered redirect URI', () => {
    expect(appRedirectUri('android')).toBe('no.digipost.android://oauth-callback/');
    expect(allowedAppRedirect(appRedirectUri('idporten-test'))).not.toBeNull();
  });
});
