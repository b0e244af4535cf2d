/**
 * Device cookies (issue #46, docs/decisions/028; OWASP's "slow down online guessing with device
 * cookies"): a browser in which a person has proved who they are (a sign-in of any kind, a completed
 * password reset) keeps a cookie that names that national ID, never in clear. Its wrong passwords for
 * that ID then count on the cookie alone, and no stranger's count can lock it out. The cookie grants
 * nothing by itself: it is no session, and it only decides which counter a failure goes to.
 *
 * The value is `v1.<nonce>.<issued>.<mac>`: a random nonce (the device counter's key), when it was
 * issued (base 36 ms, by the browser's clock, which can only make it older), and an HMAC-SHA256, with a
 * secret of this DATA_DIR, over the three and the national ID. It is valid only for the ID it was issued
 * for, within a year, and unaltered; anything else is no cookie. A new one (a new nonce) is issued at
 * each success, so a device's count starts again when the person proves who they are there.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from './db';
import { storedSecret, type Clock } from './sessions';
import { clockSkewToleranceSeconds } from '../../src/contract/limits';

export const deviceCookieName = 'dp-device';
/** Over https: only sent to this host, only over https, and no sibling domain can plant one (as the session's). */
export const secureDeviceCookieName = `__Host-${deviceCookieName}`;
const lifetimeMs = 365 * 24 * 3600 * 1000;

export interface DeviceCookieOptions {
  clock: Clock;
  isHttps: (c: Context) => boolean;
}

export function createDeviceCookies(db: Db, { clock, isHttps }: DeviceCookieOptions) {
  const secret = storedSecret(db, 'device-cookie');
  const nameOf = (c: Context) => (isHttps(c) ? secureDeviceCookieName : deviceCookieName);
  const macOf = (nonce: string, issued: string, nationalId: string) =>
    createHmac('sha256', secret).update(`device:${nonce}.${issued}.${nationalId}`).digest('base64url');

  return {
    /**
     * The device this browser is for the national ID, or null: no cookie, a cookie for another ID,
     * altered, forged, or older than a year. `nonce` keys the device's own failure counter.
     */
    trustedFor(c: Context, nationalId: string): { nonce: string } | null {
      const value = getCookie(c, nameOf(c));
      const parts = value?.split('.') ?? [];
      if (parts.length !== 4 || parts[0] !== 'v1') return null;
      const [, nonce, issued, mac] = parts;
      if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(issued)) return null;
      const expected = Buffer.from(macOf(nonce, issued, nationalId));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = clock(c) - Number.parseInt(issued, 36);
      return age >= -clockSkewToleranceSeconds * 1000 && age <= lifetimeMs ? { nonce } : null;
    },
    /** A new device cookie for the ID this browser has just proved (a new nonce: a fresh count). */
    issue(c: Context, nationalId: string) {
      const nonce = randomBytes(16).toString('base64url');
      const issued = clock(c).toString(36);
      setCookie(c, nameOf(c), `v1.${nonce}.${issued}.${macOf(nonce, issued, nationalId)}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: isHttps(c),
        maxAge: lifetimeMs / 1000,
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
