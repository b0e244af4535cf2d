// @vitest-environment node
/**
 * No activity oracle, and no lockout by strangers (issue #46, docs/decisions/028): over HTTP against
 * the emulator with a clock this file moves. Each probe an outside test used is run over 20 persons,
 * half of whom did something in between (signed in, reset, were locked by someone else); the answers a
 * stranger gets, whole, cannot tell the halves apart. The person, with their device cookie, signs in
 * while a stranger keeps the ID locked; a forged, expired or other ID's cookie counts as none.
 */
import { describe, expect, it } from 'vitest';
import { defaultLimits, type Limits } from './limits';
import { linkTargets } from './root';
import { eidSignIn, freshPerson as freshPersonOf, type Person } from '../test-http';
import { browsersOf, type EmulatorBrowser } from './test-browser';
import { emulatorForTests } from './test-emulator';

const limits: Limits = { ...defaultLimits, untrustedPasswordFailureCeiling: 10 };
let serverTime = Date.now();
const emulator = emulatorForTests('device-cookies', { limits, now: () => serverTime });
const browser = browsersOf(emulator, '10.46');
const persons = 20;

const freshPerson = () => freshPersonOf(emulator);

const login = (client: EmulatorBrowser, nationalId: string, password: string) => client.post(linkTargets.login_password, { username: nationalId, password });

/** Everything an answer says a stranger could compare: status, headers but the date and cookies, and the body with its random ids and the person's own masked address made alike. */
async function whole(response: Response): Promise<string> {
  const headers = [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'date');
  const body = (await response.text()).replace(/password-reset\/[\w-]+/g, 'password-reset/<id>');
  return JSON.stringify({ status: response.status, headers, body });
}

/** The clock at the start of the next short window: every person of a probe meets the same windows. */
function toWindowStart() {
  serverTime = serverTime - (serverTime % limits.untrustedWindowMs) + limits.untrustedWindowMs;
}

/** Makes `person` do something a stranger must not learn of: sign in (password, eID) or reset. */
async function act(person: Person, what: 'password' | 'eid' | 'reset') {
  const client = await browser();
  if (what === 'password') expect((await login(client, person.nationalId, person.password)).status).toBe(200);
  if (what === 'eid') expect((await eidSignIn(client, person)).status).toBe(303);
  if (what === 'reset') {
    const start = await client.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId });
    expect(start.status).toBe(201);
    const self = ((await start.json()) as { link: { rel: string; uri: string }[] }).link.find((link) => link.rel.endsWith('/self'))?.uri ?? '';
    const sent = (await (await emulator.app.request('/dev/api/outbox')).json()) as { to: string; purpose: string; code?: string }[];
    const code = (to: string) => sent.find((message) => message.to === to && message.purpose === 'password-reset')?.code;
    await client.post(linkTargets.check_email_code, { code: code(person.email) });
    await client.post(linkTargets.check_sms_code, { code: code(person.phone) });
    const done = await client.post(self, { emailcode: code(person.email), smscode: code(person.phone), password: { password: person.password } });
    expect(done.status).toBe(200);
  }
}

const actions = ['password', 'eid', 'reset'] as const;

/** The probe's answers, each person's in one string: all alike, the halves together. */
function expectAlike(answers: string[]) {
  expect(new Set(answers).size, answers.join('\n')).toBe(1);
}

describe('a stranger learns nothing of what the person did', () => {
  it('the "one short" probe: four wrong passwords, the person signs in or resets (or not), one more later: the same answer for all 20', async () => {
    toWindowStart();
    const everyone = await Promise.all(Array.from({ length: persons }, () => freshPerson()));
    for (const person of everyone) for (let guess = 0; guess < 4; guess += 1) await login(await browser(), person.nationalId, `Wrong-${guess}`);
    for (const [index, person] of everyone.entries()) if (index % 2 === 0) await act(person, actions[index % 3]);
    // Later in the window, then days later: each time the same answer for the halves.
    for (const later of [60_000, 3 * 24 * 3600 * 1000]) {
      serverTime += later;
      const answers: string[] = [];
      for (const person of everyone) answers.push(await whole(await login(await browser(), person.nationalId, 'Wrong-last')));
      expectAlike(answers);
    }
  });

  it('polling while locked, and at the long window’s ceiling: the same answers whether the person signs in, resets or not', async () => {
    toWindowStart();
    const everyone = await Promise.all(Array.from({ length: persons }, () => freshPerson()));
    for (const person of everyone) for (let guess = 0; guess < 5; guess += 1) await login(await browser(), person.nationalId, `Wrong-${guess}`);
    // Locked: a password sign-in from a new browser would be refused; eID and a reset are what the person can do.
    for (const [index, person] of everyone.entries()) if (index % 2 === 1) await act(person, index % 4 === 1 ? 'eid' : 'reset');
    for (let poll = 0; poll < 5; poll += 1) {
      serverTime += 1000;
      const answers: string[] = [];
      for (const person of everyone) answers.push(await whole(await login(await browser(), person.nationalId, person.password)));
      expectAlike(answers);
    }
    // On to the long window's ceiling (10 here): the next window's failures.
    toWindowStart();
    for (const person of everyone) for (let guess = 0; guess < 5; guess += 1) await login(await browser(), person.nationalId, `Wrong-more-${guess}`);
    for (const [index, person] of everyone.entries()) if (index % 2 === 0) await act(person, index % 4 === 0 ? 'eid' : 'reset');
    serverTime += 2 * limits.untrustedWindowMs;
    const answers: string[] = [];
    for (const person of everyone) answers.push(await whole(await login(await browser(), person.nationalId, person.password)));
    expectAlike(answers);
    expect(JSON.parse(answers[0]).status).toBe(429);
  });

  it('the TOO_SOON probe: a start by another client within a minute of the person’s own answers as a start, sends nothing, and leaves the person’s reset alone', async () => {
    const everyone = await Promise.all(Array.from({ length: persons }, () => freshPerson()));
    const own = new Map<string, EmulatorBrowser>();
    for (const [index, person] of everyone.entries()) {
      if (index % 2) continue;
      const client = await browser();
      expect((await client.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId })).status).toBe(201);
      own.set(person.nationalId, client);
    }
    const sentBefore = ((await (await emulator.app.request('/dev/api/outbox')).json()) as unknown[]).length;
    serverTime += 10_000;
    const answers: string[] = [];
    const probers: EmulatorBrowser[] = [];
    for (const person of everyone) {
      const prober = await browser();
      probers.push(prober);
      // The masked email address is alike for all here (every created person's starts with 9).
      answers.push(await whole(await prober.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId })));
    }
    expectAlike(answers);
    expect(JSON.parse(answers[0]).status).toBe(201);
    // The probes of the persons who had started sent nothing; the others' sent their codes (as any start does).
    const sentAfter = ((await (await emulator.app.request('/dev/api/outbox')).json()) as unknown[]).length;
    expect(sentAfter - sentBefore).toBe(2 * (persons / 2));
    // The prober's own second start is too soon, for every person alike.
    const again: string[] = [];
    for (const [index, person] of everyone.entries()) {
      again.push(await whole(await probers[index].post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId })));
    }
    expectAlike(again);
    expect(JSON.parse(again[0]).status).toBe(429);
    // The person's own reset goes on: their codes still work.
    const [first] = everyone;
    const sent = (await (await emulator.app.request('/dev/api/outbox')).json()) as { to: string; purpose: string; code?: string }[];
    const code = sent.find((message) => message.to === first.email && message.purpose === 'password-reset')?.code;
    expect((await (own.get(first.nationalId) as EmulatorBrowser).post(linkTargets.check_email_code, { code })).status).toBe(200);
  });
});

describe('the person keeps their way in', () => {
  it('signs in with the password on their device while a stranger keeps the ID locked for everyone else', async () => {
    toWindowStart();
    const person = await freshPerson();
    const device = await browser();
    expect((await login(device, person.nationalId, person.password)).status).toBe(200);
    await device.root();
    for (let minute = 0; minute < 40; minute += 1) {
      // The stranger, from new browsers, keeps it locked; the person signs in each time.
      for (let guess = 0; guess < 6; guess += 1) await login(await browser(), person.nationalId, `Wrong-${minute}-${guess}`);
      const stranger = await login(await browser(), person.nationalId, person.password);
      expect(stranger.status).toBe(429);
      expect(((await stranger.json()) as { 'error-code': string })['error-code']).toBe('PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
      expect((await login(device, person.nationalId, person.password)).status).toBe(200);
      await device.root();
      serverTime += 60_000;
    }
  });

  it('counts a forged, expired or another ID’s device cookie as none', async () => {
    toWindowStart();
    const person = await freshPerson();
    const other = await freshPerson();
    const deviceCookie = async (of: Person) => {
      const client = await browser();
      expect((await login(client, of.nationalId, of.password)).status).toBe(200);
      return client.cookies.get('dp-device') as string;
    };
    const own = await deviceCookie(person);
    const others = await deviceCookie(other);
    for (let guess = 0; guess < 5; guess += 1) await login(await browser(), person.nationalId, `Wrong-${guess}`);
    const withCookie = async (cookie: string, advanceMinutes = 0) => {
      const client = await browser();
      // The dev clock moves at most a year at a time.
      for (let left = advanceMinutes; left > 0; left -= 365 * 24 * 60) expect((await client.advanceClock(Math.min(left, 365 * 24 * 60))).status).toBe(200);
      if (advanceMinutes) await client.root();
      client.cookies.set('dp-device', cookie);
      const answer = await login(client, person.nationalId, person.password);
      return `${answer.status} ${((await answer.json()) as { 'error-code'?: string })['error-code'] ?? 'OK'}`;
    };
    const forged = own.replace(/\.([\w-])([\w-]*)$/, (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`);
    expect(forged).not.toBe(own);
    expect(await withCookie(forged)).toBe('429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
    expect(await withCookie(others)).toBe('429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
    expect(await withCookie(own, 366 * 24 * 60)).toBe('429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
    expect(await withCookie('v1.not.a.cookie')).toBe('429 PASSWORD_LOGIN_LOCKED_NEW_DEVICES');
    expect(await withCookie(own)).toBe('200 OK');
  });
});

describe("the reset start's own counters and a held reset tell nothing either (the review of issue #46)", () => {
  it("polling the reset start's ID lock (or one short of it): the same answers whether the person signs in with eID, resets or not", async () => {
    toWindowStart();
    const everyone = await Promise.all(Array.from({ length: persons }, () => freshPerson()));
    const wrongPhone = (person: Person, guess: number) => String(40_000_000 + Number(person.nationalId.slice(-4)) * 10 + guess);
    for (const person of everyone) {
      for (let guess = 0; guess < defaultLimits.resetIdentifyFailuresPerId - 1; guess += 1) {
        await (await browser()).post(linkTargets.reset_password, { phoneNumber: wrongPhone(person, guess), taxReference: person.nationalId });
      }
    }
    for (const [index, person] of everyone.entries()) if (index % 2 === 0) await act(person, index % 4 === 0 ? 'eid' : 'reset');
    // One short: the next wrong phone, then polls.
    for (let poll = 0; poll < 3; poll += 1) {
      serverTime += 1000;
      const answers: string[] = [];
      for (const person of everyone) {
        const answer = await (await browser()).post(linkTargets.reset_password, { phoneNumber: wrongPhone(person, 9), taxReference: person.nationalId });
        answers.push(await whole(answer));
      }
      expectAlike(answers);
    }
  });

  it('a malformed code to a held reset is refused the same whether a newer start ended it or not', async () => {
    const person = await freshPerson();
    const held = await browser();
    const start = await held.post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId });
    const check = ((await start.json()) as { link: { rel: string; uri: string }[] }).link.find((link) => link.rel.endsWith('/check_email_code'))?.uri ?? '';
    const before = await whole(await held.post(check, { code: 'x' }));
    serverTime += defaultLimits.resetMinimumIntervalMs + 1000;
    expect((await (await browser()).post(linkTargets.reset_password, { phoneNumber: person.phone, taxReference: person.nationalId })).status).toBe(201);
    expect(await whole(await held.post(check, { code: 'x' }))).toBe(before);
    expect(JSON.parse(before).status).toBe(400);
  });
});
