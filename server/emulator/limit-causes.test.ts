// @vitest-environment node
/**
 * Each limit answers with its own cause (issue #38): which code, which status, which wait; which cause
 * when two counters are locked at once; that a cause never tells whether a national ID exists; and how
 * many resets a person has left. Over HTTP against an emulator with small limits and a clock this file
 * moves (a lock is seen to pass without waiting for it). Every test starts from fresh persons and
 * fresh client addresses, so none locks another's.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits, type Limits } from './limits';
import { linkTargets } from './root';
import { softwareAuthenticator } from './test-authenticator';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { emulatorForTests } from './test-emulator';
import { freshPerson as freshPersonOf, type Person } from '../test-http';

/** A lock at the third failure, so a test reaches it in a few tries; the ceiling at the sixth. */
const limits: Limits = {
  ...defaultLimits,
  passwordFailuresPerId: 3,
  untrustedPasswordFailuresPerId: 3,
  untrustedPasswordFailureCeiling: 6,
  passwordFailuresPerAddress: 3,
  passwordFailureCeiling: 6,
  resetIdentifyFailuresPerId: 3,
  resetIdentifyFailuresPerAddress: 3,
};
/** The real first lock (a minute), doubling: the waits these tests expect. */
const firstLock = defaultLimits.lockFirstMs / 1000;
/** The fixed windows of a stranger's counts for an ID (issue #46): seconds until the one at the server's clock ends. */
const window = limits.untrustedWindowMs;
const untilWindowEnd = () => Math.ceil((window - (serverTime % window)) / 1000);
/** The server's clock `offsetMs` into the next fixed window. */
const intoNextWindow = (offsetMs: number) => {
  serverTime = serverTime - (serverTime % window) + window + offsetMs;
};

let serverTime = Date.now();
const emulator = emulatorForTests('limit-causes', { limits, now: () => serverTime });
const browser = browsersOf(emulator, '10.38');

const freshPerson = () => freshPersonOf(emulator);

// Made-up IDs and phones, a new one for each use: IDs nobody has (created persons' start with 9), phones no created person has (theirs start with 9).
let made = 0;
const nobody = () => String(18_000_000_000 + ++made);
const anyPhone = () => String(40_000_000 + ++made);

const login = (client: EmulatorBrowser, username: string, password: string) => client.post(linkTargets.login_password, { username, password });
const resetStart = (client: EmulatorBrowser, taxReference: string, phoneNumber: string) =>
  client.post(linkTargets.reset_password, { taxReference, phoneNumber });

/** What an answer said, in one line: status, error code, Retry-After ("-" for none). */
async function said(response: Response): Promise<string> {
  const body = (await response.json()) as { 'error-code'?: string };
  return `${response.status} ${body['error-code'] ?? 'OK'} ${response.headers.get('retry-after') ?? '-'}`;
}

/** A refusal for `code`: 429 with a Retry-After of whole seconds above 0; the seconds, for a test that knows them. */
async function expectLock(response: Response, code: string): Promise<number> {
  const [status, answered, retryAfter] = (await said(response)).split(' ');
  expect(`${status} ${answered}`).toBe(`429 ${code}`);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

/**
 * `count` failures, one call each, waiting out every lock one of them set but the last's: that one, if
 * any, is still in force when it returns. What each answered, in one line.
 */
async function failures(count: number, call: (guess: number) => Promise<Response>) {
  const answers: string[] = [];
  for (let guess = 0; guess < count; guess += 1) {
    const answer = await call(guess);
    answers.push(await said(answer.clone()));
    const wait = answer.headers.get('retry-after');
    if (wait && guess < count - 1) serverTime += Number(wait) * 1000;
  }
  return answers;
}

/** Wrong passwords for `nationalId`, each from an address of its own (no address's count in it), from browsers without its device cookie. */
const wrongPasswords = async (nationalId: string, count: number) => failures(count, async (guess) => login(await browser(), nationalId, `Wrong-${guess}`));

/** The person's device (issue #46): the device cookie of a browser they signed in on. */
async function deviceOf(person: Person): Promise<string> {
  const client = await browser();
  expect((await login(client, person.nationalId, person.password)).status).toBe(200);
  const cookie = client.cookies.get('dp-device');
  expect(cookie).toBeTruthy();
  return cookie as string;
}

/** A browser at an address of its own holding the device cookie (the person's device, on another network). */
async function onDevice(device: string): Promise<EmulatorBrowser> {
  const client = await browser();
  client.cookies.set('dp-device', device);
  return client;
}

/** Wrong passwords on the person's device, each from an address of its own. */
const wrongOnDevice = (person: Person, device: string, count: number) =>
  failures(count, async (guess) => login(await onDevice(device), person.nationalId, `Wrong-${guess}`));

/** The fixed windows' length for browsers without the device cookie, in seconds. */
const untrustedWindow = limits.untrustedWindowMs / 1000;

/** The clock at the start of the next short window, so a lock until its end lasts the whole window. */
function toWindowStart() {
  serverTime = serverTime - (serverTime % limits.untrustedWindowMs) + limits.untrustedWindowMs;
}

/** Wrong passwords from the browser's address, each for a new ID nobody has (no ID's count in it). */
const wrongFromAddress = (client: EmulatorBrowser, count: number) => failures(count, () => login(client, nobody(), 'Wrong-password'));

/** Wrong phones for `nationalId` at the reset start, each from an address of its own. */
const wrongPhones = (nationalId: string, count: number) => failures(count, async () => resetStart(await browser(), nationalId, anyPhone()));

/** Wrong (ID, phone) pairs from the browser's address, each ID and phone new. */
const wrongPairsFrom = (client: EmulatorBrowser, count: number) => failures(count, () => resetStart(client, nobody(), anyPhone()));

describe('each cause its code', () => {
  it('PASSWORD_LOGIN_LOCKED_NEW_DEVICES: the national ID typed, from any browser without its device cookie, the right password too, until the window ends', async () => {
    const person = await freshPerson();
    toWindowStart();
    expect(await wrongPasswords(person.nationalId, 2)).toEqual(['403 WRONG_CREDENTIALS -', '403 WRONG_CREDENTIALS -']);
    // The failure that reaches the limit already answers with the lock (settled), and so does the next (refused at once).
    expect(await expectLock(await login(await browser(), person.nationalId, 'Wrong-2'), 'PASSWORD_LOGIN_LOCKED_NEW_DEVICES')).toBe(untrustedWindow);
    await expectLock(await login(await browser(), person.nationalId, person.password), 'PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
  });

  it('PASSWORD_LOGIN_LOCKED: the person’s own device, on any network it is taken to, the right password too', async () => {
    const person = await freshPerson();
    const device = await deviceOf(person);
    expect(await wrongOnDevice(person, device, 2)).toEqual(['403 WRONG_CREDENTIALS -', '403 WRONG_CREDENTIALS -']);
    expect(await expectLock(await login(await onDevice(device), person.nationalId, 'Wrong-2'), 'PASSWORD_LOGIN_LOCKED')).toBe(firstLock);
    await expectLock(await login(await onDevice(device), person.nationalId, person.password), 'PASSWORD_LOGIN_LOCKED');
    // The device's lock is its own: another of the person's devices is not held by it.
    expect((await login(await onDevice(await deviceOf(person)), person.nationalId, person.password)).status).toBe(200);
  });

  it('PASSWORD_LOGIN_STOPPED at the ceiling on a device: 403 without Retry-After, the right password too', async () => {
    const person = await freshPerson();
    const device = await deviceOf(person);
    const answers = await wrongOnDevice(person, device, limits.passwordFailureCeiling);
    expect(answers.slice(2)).toEqual([
      `429 PASSWORD_LOGIN_LOCKED ${firstLock}`,
      `429 PASSWORD_LOGIN_LOCKED ${2 * firstLock}`,
      `429 PASSWORD_LOGIN_LOCKED ${4 * firstLock}`,
      '403 PASSWORD_LOGIN_STOPPED -',
    ]);
    expect(await said(await login(await onDevice(device), person.nationalId, person.password))).toBe('403 PASSWORD_LOGIN_STOPPED -');
  });

  it('ADDRESS_LOCKED: failed sign-ins from one address, across IDs; then a right password from it', async () => {
    const client = await browser();
    for (let guess = 0; guess < 2; guess += 1) expect(await said(await login(client, nobody(), 'Wrong-password'))).toBe('403 WRONG_CREDENTIALS -');
    expect(await expectLock(await login(client, nobody(), 'Wrong-password'), 'ADDRESS_LOCKED')).toBe(firstLock);
    const person = await freshPerson();
    await expectLock(await login(client, person.nationalId, person.password), 'ADDRESS_LOCKED');
  });

  it('ADDRESS_LOCKED at the passkey sign-in: its own failures, and an address the wrong passwords locked', async () => {
    const stranger = softwareAuthenticator();
    stranger.create({ challenge: 'eA', user: { id: 'AAAA' } });
    const passkeyLogin = async (client: EmulatorBrowser) =>
      client.post(linkTargets.passkey_login, { credential: stranger.get((await client.json(linkTargets.passkey_login_options)) as { challenge: string }) });
    const client = await browser();
    for (let guess = 0; guess < 2; guess += 1) expect(await said(await passkeyLogin(client))).toBe('403 PASSKEY_NOT_RECOGNISED -');
    await expectLock(await passkeyLogin(client), 'ADDRESS_LOCKED');
    // One counter for both ways of signing in: three wrong passwords lock the passkey sign-in from that address.
    const guesser = await browser();
    expect((await wrongFromAddress(guesser, limits.passwordFailuresPerAddress)).at(-1)).toBe(`429 ADDRESS_LOCKED ${firstLock}`);
    await expectLock(await passkeyLogin(guesser), 'ADDRESS_LOCKED');
  });

  it('RESET_PASSWORD_IDENTIFY_LOCKED: wrong phones for the ID typed, or wrong IDs for the phone typed, from any address; then the right pair', async () => {
    const person = await freshPerson();
    for (let guess = 0; guess < 2; guess += 1) expect(await said(await resetStart(await browser(), person.nationalId, anyPhone()))).toBe('404 NOT_FOUND -');
    // Until the fixed window ends (issue #46), the right pair too.
    expect(await expectLock(await resetStart(await browser(), person.nationalId, anyPhone()), 'RESET_PASSWORD_IDENTIFY_LOCKED')).toBe(untilWindowEnd());
    await expectLock(await resetStart(await browser(), person.nationalId, person.phone), 'RESET_PASSWORD_IDENTIFY_LOCKED');

    const other = await freshPerson();
    expect(await failures(2, async () => resetStart(await browser(), nobody(), other.phone))).toEqual(['404 NOT_FOUND -', '404 NOT_FOUND -']);
    await expectLock(await resetStart(await browser(), nobody(), other.phone), 'RESET_PASSWORD_IDENTIFY_LOCKED');
    await expectLock(await resetStart(await browser(), other.nationalId, other.phone), 'RESET_PASSWORD_IDENTIFY_LOCKED');
  });

  it('RESET_PASSWORD_ADDRESS_LOCKED: wrong pairs from one address, each ID and phone new; then a right pair from it', async () => {
    const client = await browser();
    for (let guess = 0; guess < 2; guess += 1) expect(await said(await resetStart(client, nobody(), anyPhone()))).toBe('404 NOT_FOUND -');
    expect(await expectLock(await resetStart(client, nobody(), anyPhone()), 'RESET_PASSWORD_ADDRESS_LOCKED')).toBe(firstLock);
    const person = await freshPerson();
    await expectLock(await resetStart(client, person.nationalId, person.phone), 'RESET_PASSWORD_ADDRESS_LOCKED');
  });

  it('resetsLeft: 4 after the first of 5, counting down to 0 on the last; then RESET_PASSWORD_DAILY_LIMIT until the first is a day old', async () => {
    expect(limits.resetsPerPerson).toBe(5);
    const person = await freshPerson();
    const client = await browser();
    const firstAt = serverTime;
    const left: unknown[] = [];
    for (let reset = 0; reset < 5; reset += 1) {
      const started = await resetStart(client, person.nationalId, person.phone);
      expect(started.status).toBe(201);
      left.push(((await started.json()) as { resetsLeft?: unknown }).resetsLeft);
      // Past the minimum interval (RESET_PASSWORD_TOO_SOON), which is not what this test is about.
      serverTime += limits.resetMinimumIntervalMs + 1000;
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const wait = await expectLock(await resetStart(client, person.nationalId, person.phone), 'RESET_PASSWORD_DAILY_LIMIT');
    // The wait in whole hours, rounded up (issue #46: to the second it would tell when the person started).
    expect(wait % 3600).toBe(0);
    expect(serverTime + wait * 1000).toBeGreaterThanOrEqual(firstAt + limits.resetWindowMs);
    expect(serverTime + wait * 1000).toBeLessThan(firstAt + limits.resetWindowMs + 3_600_000);
    // Free again when the first of the five leaves the window, not a second sooner.
    serverTime = firstAt + limits.resetWindowMs - 1000;
    await expectLock(await resetStart(client, person.nationalId, person.phone), 'RESET_PASSWORD_DAILY_LIMIT');
    serverTime += 1000;
    const again = await resetStart(client, person.nationalId, person.phone);
    expect(again.status).toBe(201);
    // The other four are still in the window: this one is the last again.
    expect(((await again.json()) as { resetsLeft?: unknown }).resetsLeft).toBe(0);
  });
});

describe('with two counters locked at once, the lock that lasts longer names the cause', () => {
  // Each lock below is the one its last failure set: the first at the limit, doubled by each failure after.

  // The person's device's lock stands for "the ID's" here (issue #46): it grows as the address's does.
  it('an address locked for 2 minutes and a device for 1: ADDRESS_LOCKED, with the address’s wait', async () => {
    const client = await browser();
    await wrongFromAddress(client, limits.passwordFailuresPerAddress + 1);
    const person = await freshPerson();
    const device = await deviceOf(person);
    await wrongOnDevice(person, device, limits.passwordFailuresPerId);
    client.cookies.set('dp-device', device);
    expect(await said(await login(client, person.nationalId, person.password))).toBe(`429 ADDRESS_LOCKED ${2 * firstLock}`);
    expect(await said(await login(await onDevice(device), person.nationalId, person.password))).toBe(`429 PASSWORD_LOGIN_LOCKED ${firstLock}`);
  });

  it('a device locked for 2 minutes and an address for 1: PASSWORD_LOGIN_LOCKED, with the device’s wait', async () => {
    const person = await freshPerson();
    const device = await deviceOf(person);
    await wrongOnDevice(person, device, limits.passwordFailuresPerId + 1);
    const client = await browser();
    await wrongFromAddress(client, limits.passwordFailuresPerAddress);
    client.cookies.set('dp-device', device);
    expect(await said(await login(client, person.nationalId, person.password))).toBe(`429 PASSWORD_LOGIN_LOCKED ${2 * firstLock}`);
    expect(await said(await login(client, nobody(), 'Wrong-password'))).toBe(`429 ADDRESS_LOCKED ${firstLock}`);
  });

  it('as long: the device’s; and the failure that locks both names the longer one (settled in one transaction)', async () => {
    // The device's third failure and the address's third, one request: a minute each.
    const tied = await freshPerson();
    const device = await deviceOf(tied);
    await wrongOnDevice(tied, device, limits.passwordFailuresPerId - 1);
    const client = await browser();
    await wrongFromAddress(client, limits.passwordFailuresPerAddress - 1);
    client.cookies.set('dp-device', device);
    expect(await said(await login(client, tied.nationalId, 'Wrong-last'))).toBe(`429 PASSWORD_LOGIN_LOCKED ${firstLock}`);
    expect(await said(await login(client, tied.nationalId, tied.password))).toBe(`429 PASSWORD_LOGIN_LOCKED ${firstLock}`);

    // The address's fourth failure (2 minutes) and the device's third (1 minute), one request.
    const address = await browser();
    await wrongFromAddress(address, limits.passwordFailuresPerAddress);
    serverTime += firstLock * 1000;
    const person = await freshPerson();
    const other = await deviceOf(person);
    await wrongOnDevice(person, other, limits.passwordFailuresPerId - 1);
    address.cookies.set('dp-device', other);
    expect(await said(await login(address, person.nationalId, 'Wrong-last'))).toBe(`429 ADDRESS_LOCKED ${2 * firstLock}`);
  });

  it('a stopped device beats any address lock: 403 PASSWORD_LOGIN_STOPPED', async () => {
    const person = await freshPerson();
    const device = await deviceOf(person);
    await wrongOnDevice(person, device, limits.passwordFailureCeiling);
    const client = await browser();
    await wrongFromAddress(client, limits.passwordFailuresPerAddress + 2);
    client.cookies.set('dp-device', device);
    expect(await said(await login(client, person.nationalId, person.password))).toBe('403 PASSWORD_LOGIN_STOPPED -');
  });

  it('at the reset start: the address’s longer lock, or the ID’s', async () => {
    // Near the end of a fixed window (the address's locks take three minutes of it), the ID's lock (to the window's end) is the shorter.
    intoNextWindow(window - 5 * firstLock * 1000);
    const person = await freshPerson();
    const address = await browser();
    await wrongPairsFrom(address, limits.resetIdentifyFailuresPerAddress + 2);
    await wrongPhones(person.nationalId, limits.resetIdentifyFailuresPerId);
    expect(await said(await resetStart(address, person.nationalId, person.phone))).toBe(`429 RESET_PASSWORD_ADDRESS_LOCKED ${4 * firstLock}`);

    // Early in one, the longer.
    intoNextWindow(firstLock * 1000);
    const other = await freshPerson();
    await wrongPhones(other.nationalId, limits.resetIdentifyFailuresPerId);
    const client = await browser();
    await wrongPairsFrom(client, limits.resetIdentifyFailuresPerAddress);
    expect(await said(await resetStart(client, other.nationalId, other.phone))).toBe(`429 RESET_PASSWORD_IDENTIFY_LOCKED ${untilWindowEnd()}`);
  });
});

describe('a known national ID and one nobody has get the same answers', () => {
  /** Everything an answer says but what differs by nature (its date, a cookie): status, every other header, body. */
  async function whole(response: Response) {
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'date');
    return { status: response.status, headers, body: await response.text() };
  }

  /** An ID of the right form that nobody has. */
  function unknownId() {
    const nationalId = nobody();
    expect(emulator.db.prepare('SELECT count(*) AS n FROM persons WHERE national_id = ?').get(nationalId)).toEqual({ n: 0 });
    return nationalId;
  }

  /**
   * One history run for both IDs at once: at each step the same call for each, from addresses of their
   * own, at the same moment; their answers compared whole. A lock is asked again a second into it, then
   * waited out. Returns each step's answer, in one line.
   */
  async function sameHistory(
    steps: number,
    call: (client: EmulatorBrowser, nationalId: string, step: number, side: number) => Promise<Response>,
    known: string,
  ) {
    const unknown = unknownId();
    const lines: string[] = [];
    const both = async (step: number) => {
      const answers = [];
      for (const [side, nationalId] of [known, unknown].entries()) answers.push(await whole(await call(await browser(), nationalId, step, side)));
      expect(answers[1], `step ${lines.length}`).toEqual(answers[0]);
      const retryAfter = answers[0].headers.find(([name]) => name === 'retry-after')?.[1];
      lines.push(`${answers[0].status} ${(JSON.parse(answers[0].body) as { 'error-code': string })['error-code']} ${retryAfter ?? '-'}`);
      return retryAfter;
    };
    for (let step = 0; step < steps; step += 1) {
      const retryAfter = await both(step);
      if (retryAfter === undefined) continue;
      serverTime += 1000;
      await both(step);
      serverTime += Number(retryAfter) * 1000 - 1000;
    }
    return lines;
  }

  it('at password login: wrong passwords up to the lock, during each lock, at the long window’s ceiling and after', async () => {
    const person = await freshPerson();
    // From the start of a long window: each side meets the same windows.
    serverTime = serverTime - (serverTime % limits.untrustedCeilingWindowMs) + limits.untrustedCeilingWindowMs;
    const lines = await sameHistory(
      limits.untrustedPasswordFailureCeiling,
      (client, nationalId, step) => login(client, nationalId, `Wrong-${step}`),
      person.nationalId,
    );
    // The first window's lock is waited out to its end; the second window's third failure is the sixth in the long window.
    const ceilingWait = limits.untrustedCeilingWindowMs / 1000 - untrustedWindow;
    expect(lines).toEqual([
      '403 WRONG_CREDENTIALS -',
      '403 WRONG_CREDENTIALS -',
      `429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES ${untrustedWindow}`,
      `429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES ${untrustedWindow - 1}`,
      '403 WRONG_CREDENTIALS -',
      '403 WRONG_CREDENTIALS -',
      `429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES ${ceilingWait}`,
      `429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES ${ceilingWait - 1}`,
    ]);
  });

  it('at the reset start: wrong phones up to the lock, during the lock, and the next window', async () => {
    // Three minutes before a fixed window ends: the lock lasts to its end, and the next starts from nothing.
    intoNextWindow(window - 3 * firstLock * 1000);
    const person = await freshPerson();
    // A phone of its own for each call (each side's and each step's), so only the ID's count differs between the sides.
    const lines = await sameHistory(
      6,
      (client, nationalId, step, side) => resetStart(client, nationalId, String(41_000_000 + side * 1000 + step)),
      person.nationalId,
    );
    expect(lines).toEqual([
      '404 NOT_FOUND -',
      '404 NOT_FOUND -',
      `429 RESET_PASSWORD_IDENTIFY_LOCKED ${3 * firstLock}`,
      `429 RESET_PASSWORD_IDENTIFY_LOCKED ${3 * firstLock - 1}`,
      '404 NOT_FOUND -',
      '404 NOT_FOUND -',
      `429 RESET_PASSWORD_IDENTIFY_LOCKED ${window / 1000}`,
      `429 RESET_PASSWORD_IDENTIFY_LOCKED ${window / 1000 - 1}`,
    ]);
  });
});
