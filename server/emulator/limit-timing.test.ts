// @vitest-environment node
/**
 * Whether a national ID exists must not show in how long a failure takes to answer, either (issue #38
 * asks the answers to be the same; limit-causes.test.ts checks their words). A wrong password for an ID
 * nobody has is checked against a decoy hash (login-private.ts): without it the answer would come back
 * a whole scrypt check sooner. Calls for a known and an unknown ID are interleaved, the order changing
 * with each try, each round keeps each one's quickest try and the rounds are compared by median, so a
 * machine busy with other tests slows both alike and its pauses drop out; the bound is half of one hash
 * check, measured in the same rounds the same way. On a 2-core machine running six other busy
 * processes the two medians stayed within a tenth of the bound; without the decoy they were 2.5 to 4
 * times it apart.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits } from './limits';
import { hashPassword, verifyPassword } from './passwords';
import { linkTargets } from './root';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { emulatorForTests } from './test-emulator';
import { freshPerson as freshPersonOf } from '../test-http';

/** No lock in the way: every call is a failure checked on its merits. */
const never = 1_000_000;
const emulator = emulatorForTests('limit-timing', {
  limits: {
    ...defaultLimits,
    passwordFailuresPerId: never,
    untrustedPasswordFailuresPerId: never,
    untrustedPasswordFailureCeiling: never,
    passwordFailuresPerAddress: never,
    passwordFailureCeiling: never,
    resetIdentifyFailuresPerId: never,
    resetIdentifyFailuresPerAddress: never,
  },
});
const browser = browsersOf(emulator, '10.39');

const warmUp = 5;
const rounds = 40;
/** Tries of each call in a round, its time the quickest of them: a pause of the machine only ever adds. */
const tries = 5;
/** An 11-digit ID nobody has (created persons' start with 9). */
const unknownId = '18000000017';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function timed(call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}

/**
 * Times `known` and `unknown`, and one scrypt check of a wrong password (the cost of the hash the
 * emulator uses), round by round: in each round each is tried `tries` times, in an order that changes
 * with each try, and its quickest kept (a machine busy with other work only ever adds time, so the
 * quickest is nearest the work itself). Then the median of the rounds: of each, and the statuses seen.
 */
async function compare(known: () => Promise<Response>, unknown: () => Promise<Response>) {
  const stored = hashPassword('Riktig-Passord-42');
  const statuses = new Set<string>();
  const call = (side: () => Promise<Response>, name: string) => async () => {
    const response = await side();
    await response.arrayBuffer();
    statuses.add(`${name} ${response.status}`);
  };
  const measured = { known: call(known, 'known'), unknown: call(unknown, 'unknown'), hash: () => verifyPassword('Feil-Passord-42', stored) };
  const names = ['known', 'unknown', 'hash'] as const;
  const times = { known: [] as number[], unknown: [] as number[], hash: [] as number[] };
  for (let round = 0; round < warmUp + rounds; round += 1) {
    const quickest = { known: Infinity, unknown: Infinity, hash: Infinity };
    for (let attempt = 0; attempt < tries; attempt += 1) {
      // Each of the three goes first in one try of the round, and each pair meets in both orders across rounds.
      const shift = (round + attempt) % names.length;
      const order = [...names.slice(shift), ...names.slice(0, shift)];
      if (round % 2) order.reverse();
      for (const name of order) quickest[name] = Math.min(quickest[name], await timed(measured[name]));
    }
    if (round < warmUp) continue;
    for (const name of names) times[name].push(quickest[name]);
  }
  const result = { known: median(times.known), unknown: median(times.unknown), hash: median(times.hash) };
  return { ...result, difference: Math.abs(result.known - result.unknown), statuses: [...statuses].sort() };
}

const freshPerson = () => freshPersonOf(emulator);

/** A call that fails, for a known national ID or for `unknownId`. */
type Failing = (client: EmulatorBrowser, nationalId: string) => Promise<Response>;

describe('how long a failure takes does not tell whether the national ID exists', () => {
  it.each<{ what: string; fail: Failing; status: number }>([
    {
      what: 'a wrong password: a known ID and one nobody has within half a hash check of each other (by median)',
      fail: (client, nationalId) => client.post(linkTargets.login_password, { username: nationalId, password: 'Feil-Passord-42' }),
      status: 403,
    },
    {
      // Nothing costly runs for a known ID alone: the row read finds a row (microseconds), the same
      // counters are written. The bound is the one above, several times the whole call here (a few
      // tenths of a millisecond): it catches a hash, or any step as slow, added for known persons only.
      // A tighter one would catch smaller steps, but be at the mercy of a busy machine.
      what: 'a wrong phone at the reset start: the same bound, though no hash is checked there',
      fail: (client, nationalId) => client.post(linkTargets.reset_password, { taxReference: nationalId, phoneNumber: '40000000' }),
      status: 404,
    },
  ])('$what', async ({ fail, status }) => {
    expect(emulator.db.prepare('SELECT count(*) AS n FROM persons WHERE national_id = ?').get(unknownId)).toEqual({ n: 0 });
    const person = await freshPerson();
    const client = await browser();
    const result = await compare(
      () => fail(client, person.nationalId),
      () => fail(client, unknownId),
    );
    expect(result.statuses).toEqual([`known ${status}`, `unknown ${status}`]);
    expect(result.difference, JSON.stringify(result)).toBeLessThan(result.hash / 2);
  });
});
