import { preservedCookies } from '../../config/cookies';

const keep = new Set<string>(Object.values(preservedCookies));

/**
 * Clears every cookie the page can reach except the preserved ones. A cookie is removed by expiring it
 * with the path and domain it was set with, which the page cannot read, so each likely pair is tried.
 */
export function clearCookiesExcept(preserved: ReadonlySet<string> = keep, doc: Document = document) {
  const names = doc.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((name): name is string => Boolean(name) && !preserved.has(name as string));
  const host = doc.location.hostname;
  const domains = ['', host, `.${host}`, `.${host.split('.').slice(-2).join('.')}`];
  const segments = doc.location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
  for (const name of names) {
    for (const domain of domains) {
      for (const path of paths) {
        doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}
