/**
 * The nginx maps of the static deployment (nginx-config.ts): which file answers a page path, in the
 * order nginx-config.ts's header gives, from the screen manifest and the URL layout; the values each
 * request's headers take (Referer policy, caching, robots; a trusted proxy's word on the client and on
 * https), the security headers of a location, and the quoting every value and pattern of the
 * configuration goes through.
 */
import { defaultLanguage, languages } from '../../src/contract/languages';
import { basePath } from '../../src/config/routes';
import { screenEntries } from '../../src/screens/manifest';
import { standIns, type ScreenName } from '../../src/screens/screens';
import { fixedSecurityHeaders, referrerPolicies } from '../security-headers';
import type { NginxOptions } from './nginx-options';
import { prerenderedPagePaths, standInScreens } from './static-site';

/** A hashed asset's caching: a year, never changed (its name changes with its content). */
const assetCacheControl = 'public, max-age=31536000, immutable';

/** A value for nginx, in double quotes (a variable of its own may stand in it). */
export const q = (value: string) => {
  if (/["\\$\n\r]/.test(value.replace(/\$(?:\w+|\{\w+\})/g, ''))) throw new Error(`nginx: a value with a quote, backslash, stray $ or newline: ${value}`);
  return `"${value}"`;
};

/** A regular expression's text for nginx (inside double quotes: backslashes stay as they are). */
const r = (source: string) => {
  if (/["\n\r]/.test(source)) throw new Error(`nginx: a pattern with a quote or newline: ${source}`);
  return `"~${source}"`;
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const languageGroup = `(?:(?:${languages.join('|')})(?:/|(?=[?]|$)))?`;
const base = escapeRegex(basePath);

/** React Router's ranking of a path pattern (matchRoutes' computeScore): the screen nginx must try first. */
function routeScore(pattern: string): number {
  const segments = pattern.split('/');
  let score = segments.length;
  if (pattern === '') score += 2;
  for (const segment of segments) score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return score;
}

/**
 * Each screen's pattern as a regular expression on the request as it came, in React Router's order:
 * its static segments in any letter case (the router matches them so), a parameter any non-empty
 * segment, trailing slashes allowed, any query.
 */
export function screenPatterns(): { name: ScreenName; pattern: string }[] {
  return screenEntries
    .filter(([, screen]) => screen.path !== '*')
    .map(([name, screen], index) => ({ name, screen, index }))
    .sort((a, b) => routeScore(b.screen.path) - routeScore(a.screen.path) || a.index - b.index)
    .map(({ name, screen }) => {
      const segments = screen.path === '' ? '' : screen.path.split('/').map((segment) => (segment.startsWith(':') ? '[^/?]+' : `(?i:${escapeRegex(segment)})`));
      return { name, pattern: `^${base}/${languageGroup}${segments === '' ? '' : segments.join('/')}/*(?:[?].*)?$` };
    });
}

/** A path with nothing a browser would change or a server could read two ways (no %, \, //, dot segment). */
const plainRest = '(?![^?]*(?:/|^)[.][.]?(?:[/?]|$))[A-Za-z0-9._~-][A-Za-z0-9._~/-]*';

export function maps(): string {
  const screens = screenPatterns();
  const lines: string[] = [];
  // The page's language (after the redirects below, the segment is in lower case).
  lines.push('map $request_uri $page_language {', `  default ${defaultLanguage};`);
  lines.push(`  ${r(`^${base}/(${languages.filter((language) => language !== defaultLanguage).join('|')})(?:[/?]|$)`)} $1;`, '}');
  // The path as requested, without its query: the stand-in pages' data-prerendered value.
  lines.push('map $request_uri $page_path {', `  ${r('^([^?]*)')} $1;`, '}');
  // Which screen a path shows.
  lines.push('map $request_uri $screen_name {', '  default notFound;');
  for (const { name, pattern } of screens) lines.push(`  ${r(pattern)} ${name};`);
  lines.push('}');
  // 3. The prerendered pages, exactly (a regular expression: nginx compares a map's strings in any letter case).
  lines.push('map $request_uri $prerendered_page {', '  default "";');
  for (const pathname of prerenderedPagePaths())
    lines.push(`  ${r(`^${escapeRegex(pathname)}$`)} ${q(`/_site${pathname.slice(basePath.length)}${pathname.endsWith('/') ? '' : '/'}index.html`)};`);
  lines.push('}');
  // 4. The stand-in pages: a token as the Node server takes it (server/prerendered.ts plainParameter),
  // the exact path of the pattern, no query, never the stand-in itself.
  const token = `(?!${standIns.parameter}/)([A-Za-z0-9_-]{8,128})`;
  const tokenPages = standInScreens.flatMap((name) => {
    const screen = screenEntries.find(([entry]) => entry === name)?.[1];
    if (!screen || name === 'notFound') return [];
    return [
      {
        name,
        pattern: `^${base}/(?:(?:${languages.join('|')})/)?${screen.path
          .split('/')
          .map((segment) => (segment.startsWith(':') ? token : escapeRegex(segment)))
          .join('/')}$`,
      },
    ];
  });
  lines.push('map $request_uri $standin_page {', '  default "";');
  for (const { name, pattern } of tokenPages) lines.push(`  ${r(pattern)} /_standin/$page_language/${name}.html;`);
  lines.push('}');
  lines.push('map $request_uri $page_token {', '  default "";');
  for (const { pattern } of tokenPages) lines.push(`  ${r(pattern)} $1;`);
  lines.push('}');
  // 6. The not-found page: prerendered with the rest of the path filled in where it is plain.
  const notFoundPlain = `^${base}/(?:(?:${languages.join('|')})/)?(?![^?]*(?:${standIns.parameter}|${standIns.rest}))(${plainRest})$`;
  lines.push('map $request_uri $not_found_rest {', '  default "";', `  ${r(notFoundPlain)} $1;`, '}');
  lines.push(
    'map $request_uri $not_found_page {',
    '  default /_pages/$page_language/notFound.html;',
    `  ${r(notFoundPlain)} /_standin/$page_language/notFound.html;`,
    '}',
  );
  // 1. nb, nn or en in other letter case: only the segment changes, and only for a plain path (one
  // with a dot segment, a backslash or a percent sign, which a browser never sends for a page of ours,
  // is served as it is), so the Location cannot resolve differently from the request nginx matched.
  lines.push('map $request_uri $language_case_redirect {', '  default "";');
  for (const language of languages) {
    lines.push(
      `  ${r(`^${base}/(?!${language}(?:[/?]|$))(?i:${language})((?:/(?![.][.]?(?:[/?]|$))[^/?\\x5c%]*)*(?:[?].*)?)$`)} ${q(`${basePath}/${language}$1`)};`,
    );
  }
  lines.push('}');
  // 2. Another two-letter segment: the same path in nb (routes.ts fallbackPath), for a plain path only.
  lines.push('map $request_uri $language_fallback_redirect {', '  default "";');
  lines.push(`  ${r(`^${base}/(?!(?i:${languages.join('|')})(?:[/?]|$))[A-Za-z]{2}(?:/((?:${plainRest})?))?((?:[?].*)?)$`)} ${q(`${basePath}/$1$2`)};`);
  lines.push('}');
  // No Referer from a page that holds a secret (server/security-headers.ts carriesToken): under the
  // first segment of a screen with a secret path parameter, at a screen with a secret query parameter,
  // and, when in doubt, a path the router may read as one of those (a percent sign, repeated slashes).
  const secretPrefixes = [
    ...new Set(
      screenEntries.filter(([, screen]) => screen.secretParams?.some((param) => !param.startsWith('?'))).map(([, screen]) => screen.path.split('/')[0]),
    ),
  ];
  const secretQueryScreens = screenEntries.filter(([, screen]) => screen.secretParams?.some((param) => param.startsWith('?'))).map(([, screen]) => screen.path);
  lines.push('map $request_uri $referrer_policy {', `  default ${q(referrerPolicies.ordinary)};`);
  lines.push(`  ${r(`(?i)^${base}/(?:[a-z]{2}/)?(?:${secretPrefixes.map(escapeRegex).join('|')})/`)} ${q(referrerPolicies.secret)};`);
  for (const screenPath of secretQueryScreens)
    lines.push(`  ${r(`(?i)^${base}/(?:[a-z]{2}/)?${escapeRegex(screenPath)}/*(?:[?].*)?$`)} ${q(referrerPolicies.secret)};`);
  lines.push(`  ${r(`^${base}[^?]*(?:%|//)`)} ${q(referrerPolicies.secret)};`);
  // The API's authorization pages carry their token in the path (security-headers.ts carriesToken).
  lines.push(`  ${r('^/post/api/oauth/authorize/tokens/')} ${q(referrerPolicies.secret)};`);
  lines.push('}');
  // A page that holds a secret is kept by no cache, the browser's own included, and indexed by no
  // search engine (issue #45; server/app.ts does the same): the pages with no Referer are those pages.
  lines.push('map $referrer_policy $page_cache_control {', `  default ${q('no-cache')};`, `  ${q(referrerPolicies.secret)} ${q('no-store')};`, '}');
  lines.push('map $referrer_policy $page_robots {', `  default ${q('')};`, `  ${q(referrerPolicies.secret)} ${q('noindex')};`, '}');
  // A hashed asset is cached for a year, but only when it is there: a 404 (a page of the next release
  // asking a machine still on this one, during a rolling deploy) must not stay in browsers and CDNs.
  lines.push('map $status $asset_cache_control {', `  default ${q('no-cache')};`);
  for (const status of [200, 206, 304]) lines.push(`  ${status} ${q(assetCacheControl)};`);
  lines.push('}');
  return lines.map((line) => `  ${line}`).join('\n');
}

/** The security headers (server/security-headers.ts), for a location; Referrer-Policy as given. */
export function headers(policy: string, referrer: string, cacheControl: string): string {
  return [
    `add_header Content-Security-Policy ${q(policy)} always;`,
    ...fixedSecurityHeaders.map(([name, value]) => `add_header ${name} ${q(value)} always;`),
    `add_header Referrer-Policy ${referrer.startsWith('$') ? referrer : q(referrer)} always;`,
    `add_header Cache-Control ${q(cacheControl)} always;`,
  ].join('\n      ');
}

/**
 * A proxy in front (TRUST_PROXY): its word on the client's address (the last X-Forwarded-For hop, the
 * one it added) and on https, believed only from its networks, as the Node server does
 * (server/client-address.ts); without one, nginx's own view.
 */
export function trustedProxy(trustProxy: NginxOptions['trustProxy']): string {
  if (!trustProxy) return '  map $scheme $forwarded_proto {\n    default $scheme;\n  }';
  const networks = trustProxy === true ? ['0.0.0.0/0', '::/0'] : trustProxy;
  return [
    ...networks.map((network) => `  set_real_ip_from ${network};`),
    '  real_ip_header X-Forwarded-For;',
    '  real_ip_recursive off;',
    '  geo $realip_remote_addr $from_trusted_proxy {',
    '    default 0;',
    ...networks.map((network) => `    ${network} 1;`),
    '  }',
    '  map "$from_trusted_proxy:$http_x_forwarded_proto" $forwarded_proto {',
    '    default $scheme;',
    '    "1:https" https;',
    '  }',
  ].join('\n');
}
