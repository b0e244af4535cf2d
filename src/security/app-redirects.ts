/**
 * The app redirect allowlist (SPEC §5): the only places outside the site the mobile flows send a
 * browser to. A URL is followed only when it starts with exactly one of these scheme://host pairs and
 * has no user info, port or other trick; the backend emulator uses the same list for its app clients.
 */
export interface AppRedirectTarget {
  client: 'ios' | 'android' | 'test' | 'idporten-test';
  description: string;
  scheme: string;
  host: string;
}

export const appRedirectTargets: readonly AppRedirectTarget[] = [
  { client: 'ios', description: 'production iOS app', scheme: 'no.digipost.ios', host: 'oauth-callback' },
  { client: 'android', description: 'production Android app', scheme: 'no.digipost.android', host: 'oauth-callback' },
  { client: 'test', description: 'test builds of the apps', scheme: 'no.digipost.test', host: 'oauth-callback' },
  { client: 'idporten-test', description: "test of the identity provider's app switch", scheme: 'no.digdir.idporten.test', host: 'digipost-callback' },
];

/** The allowlist entry a URL belongs to, or null when it must not be followed. */
export function allowedAppRedirect(candidate: string): AppRedirectTarget | null {
  // Printable ASCII only, as registered: no white space, controls, backslash, or anything that would
  // have to be encoded to fit a Location header (a raw byte above 0x7E, a lone surrogate).
  if (typeof candidate !== 'string' || candidate.length > 2048 || !/^[\x21-\x5b\x5d-\x7e]+$/.test(candidate)) return null;
  for (const target of appRedirectTargets) {
    const prefix = `${target.scheme}://${target.host}`;
    // Exactly the registered form: case, encoding and all. After it only a path, query or fragment.
    if (!candidate.startsWith(prefix)) continue;
    const rest = candidate.slice(prefix.length);
    if (rest !== '' && !/^[/?#]/.test(rest)) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return null;
    }
    if (url.protocol !== `${target.scheme}:` || url.host !== target.host || url.username || url.password || url.port) return null;
    return target;
  }
  return null;
}

/** The redirect URI registered for an app client (the emulator's registry, and tests). */
export function appRedirectUri(client: AppRedirectTarget['client']): string {
  const target = appRedirectTargets.find((entry) => entry.client === client);
  if (!target) throw new Error(`Unknown app client ${client}`);
  return `${target.scheme}://${target.host}/`;
}
