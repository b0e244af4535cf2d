/**
 * Password hashing with scrypt (Node's crypto): salted, slow by design, compared in constant time.
 * Checking runs on libuv's thread pool, never on the event loop, so a burst of logins does not stall
 * every other request. The cost is the emulator's (the real backend has its own): N=2048 keeps a
 * check near 20 ms on a small machine, so a load test measures the server, not the key derivation.
 * Stored hashes carry their parameters, so older ones still verify.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const cost = { N: 2048, r: 8, p: 1 };
const keyLength = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFC'), salt, keyLength, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      Buffer.from(salt, 'base64'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
