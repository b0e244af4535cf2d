// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commonPasswordsModuleSource, screeningLicence } from '../../../build/common-passwords-plugin';
import { readDictionaryWords, readLeakedPasswords, screeningSet } from '../../../build/screening-set';
import { commonPasswordCheck } from '../../../server/emulator/common-passwords';
import { createCommonPasswordCheck, createCommonPasswordCheckInSlices, frontCode, frontDecode, selectCommonPasswords } from './common-passwords';
import { assessPassword } from './password-rules';
import { passwordsThatGotThrough } from '../../contract/test-examples';

const packageJson = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/package.json');
const published = JSON.parse(readFileSync(join(dirname(packageJson), 'src', 'passwords.json'), 'utf8')) as string[];

let selected: string[];
let isCommon: (password: string) => boolean;

beforeAll(() => {
  selected = screeningSet();
  isCommon = createCommonPasswordCheck(selected);
});

/** The text of the browser's chunk of the real set: the data licence, then the entries front-coded. */
const chunkText = () => `${screeningLicence}\n${frontCode(selected)}`;

/** The browser's check (built in slices from the chunk's text) and the emulator's refuse these passwords too. */
function itRefusedByTheOtherChecks(passwords: readonly string[]) {
  it("the browser's check (built in slices) and the emulator's refuse them the same", async () => {
    const sliced = await createCommonPasswordCheckInSlices(chunkText(), async () => {});
    const emulator = commonPasswordCheck();
    expect(passwords.filter((password) => !sliced(password))).toEqual([]);
    expect(passwords.filter((password) => !emulator(password))).toEqual([]);
  });
}

/** One test per password: common, and so refused as too common whatever else it is. */
function itCatches(passwords: readonly string[]) {
  it.each(passwords)('catches %j', (password) => {
    expect(isCommon(password)).toBe(true);
    expect(assessPassword(password, isCommon)).toMatchObject({ ok: false, problem: 'too_common', score: 0 });
  });
}

/** One test per [why, password] row, titled by `title` with both: isCommon says whether it is `common`. */
function itJudges(common: boolean, title: string, rows: readonly (readonly [string, string])[]) {
  it.each(rows)(title, (_why, password) => {
    expect(isCommon(password)).toBe(common);
  });
}

describe('the real list', () => {
  itCatches([
    'password1',
    'qwertyuiop',
    'passord123',
    '1qaz2wsx3edc',
    'iloveyou1',
    'sommer2024',
    'Digipost2024',
    'P@ssw0rd!',
    'Passord123!',
    'qwerty123',
    'abcdefgh',
    '12345678',
    'asdfghjkl',
    'aaaaaaaa',
    'zzzzzzzzzz',
    'PASSWORD1',
  ]);

  it.each([
    // Leaked passwords today's list let through (issue #22), and the same with what people add.
    '0123456789',
    '123456789012345',
    'bestfriends',
    'princesita',
    'Princesita2024!',
    'i love you',
    'I.Love.You!',
    'ilovejason',
    'luisteamo',
    'dramaqueen',
    'pinkprincess',
  ])('catches the leaked %j', (password) => {
    expect(isCommon(password)).toBe(true);
  });

  it.each(['Sommerfugl-42', 'korrekt hest batteri stift', 'Blåbærsyltetøy på vaffel', 'Tr0ll-Fjell-Sykkel', 'Kvjxs-Plomt-7', 'Sommer-fugl'])(
    'lets %j through',
    (password) => {
      expect(isCommon(password)).toBe(false);
      expect(assessPassword(password, isCommon).ok).toBe(true);
    },
  );
});

describe('derived variants', () => {
  itJudges(true, '%s: %j', [
    ['leetspeak 4 and 0', 'P4ssw0rd'],
    ['leetspeak 5', 'pa55word'],
    ['leetspeak 0 and 3 with digits', 'm0nk3y12'],
    ['leetspeak 1 as l', '1etmein'],
    ['leetspeak ! as i', '!loveyou'],
    ['leetspeak $ as s', '$hadow99'],
    ['leetspeak in a Norwegian word', 'P@ss0rd2024'],
    ['leetspeak 7 and 3', '7r0ll3y99'],
    ['digits and symbols stripped at both ends', '2024Sommer!!'],
    ['symbols stripped at both ends', '!!fotball!!'],
    ['leading digits stripped', '123Rosenborg'],
    ['trailing space and digits stripped', 'vinter 2025'],
    ['a city', 'Oslo2024'],
    ['a city with a symbol', 'Bergen#1'],
    ['a season with ø', 'Høst2023'],
    ['a season with å', 'Våren!'],
    ['a phrase', 'jegelskerdeg1'],
    ['æ', 'Kjæreste'],
    ['the product', 'Digipost!'],
    ['the company', 'Posten123'],
    ['a welcome', 'Velkommen1'],
    ['secret', 'Hemmelig!'],
    ['the service', 'Innlogging2025'],
  ]);

  itJudges(true, '%s: %j', [
    ['keyboard row', 'qwertyuiopå'],
    ['keyboard row reversed', 'åpoiuytrewq'],
    ['bottom row reversed', 'mnbvcxz'],
    ['middle row with ø and æ, reversed', 'æølkjhgfdsa'],
    ['digits reversed', '0987654321'],
    ['alphabet with æøå', 'vwxyzæøå'],
    ['alphabet in capitals', 'STUVWXYZ'],
    ['column walk', '1qaz2wsx3edc4rfv'],
    ['column walk reversed', ',ki8mju7'],
    ['a run with digits around', '99qwerty!'],
    ['one character repeated', '!!!!!!!!!!'],
    ['three characters repeated', 'abcabcabc'],
    ['four characters repeated', 'abcdabcdabcd'],
    ['two digits repeated', '12121212'],
    ['a repeat as the base', 'xyzxyzxyz!'],
  ]);

  itJudges(false, '%s: %j', [
    ['a run of 5 is not a run', 'stuvw'],
    ['a unit of 5 repeated is not a repeat', 'kvjxskvjxs'],
    ['a keyboard run inside a password is not the whole', 'Kvjxs-asdfgh-7'],
    ['a common word inside a longer word', 'fotballbane'],
    ['a run of 5 plus digits', 'stuvw123'],
  ]);

  it('is false for an empty or blank password', () => {
    expect(isCommon('')).toBe(false);
    expect(isCommon('   ')).toBe(false);
  });
});

describe('symbols inside a word, a word said twice, look-alike letters, a domain (issue #34, item 4)', () => {
  /** Accepted at the password reset's last step, and signed in with, by an outside tester. */
  const gotThrough = passwordsThatGotThrough;

  itCatches(gotThrough);

  it.each([...`+,/*#';&=`])('catches %j inside a word', (symbol) => {
    for (const password of [`Pass${symbol}word123!`, `Digi${symbol}post2024`, `Som${symbol}mer2024!`]) expect(isCommon(password), password).toBe(true);
  });

  itJudges(true, '%s: %j', [
    ['a run of symbols and spaces inside a word', 'Pass #+ word1'],
    ['leetspeak kept beside a symbol inside a word', 'P@ss+w0rd'],
    ['a leetspeak symbol inside a word, read as a separator', 'Digi!post2024'],
    ['the same word without anything between', 'DigipostDigipost'],
    ['the same word with symbols between', 'Sommer#!Sommer'],
    ['the same word in leetspeak, twice', 'P@ssword1P@ssword'],
    ['æ read as a', 'Pæssword1'],
    ['æ read as ae', 'Michæl2024'],
    ['ø and å with a symbol inside', 'Påss+wørd'],
    ['an email provider with a domain and digits', 'Gmail.com2024!'],
    ['a web address', 'www.digipost.no'],
  ]);

  itJudges(false, 'lets through %s: %j', [
    ['letters alone among symbols are not a word', '<P[(O&(:vo&3'],
    ['an uncommon word with symbols inside', 'Kvjxs+Plomt#7'],
    ['an uncommon word twice', 'Kvjxs1Kvjxs'],
    ['an uncommon word with a domain', 'Sommerfugl.no'],
  ]);

  itRefusedByTheOtherChecks(gotThrough);
});

describe('a symbol beside a lone letter, digits inside a word, a word said three times, two built-in words (issue #34, item 4, after the outside review)', () => {
  /** Still accepted by assessPassword after the first fixes of item 4, found by the outside review. */
  const stillGotThrough = [
    ['a symbol after the first letter', 'P+assword2024'],
    ['a symbol before the last letter', 'Passwor#d2024'],
    ['a leetspeak symbol before the last letter', 'Passwor!d2024'],
    ['a symbol after the first letter of a keyboard run', 'Q*werty2024'],
    ['plus signs between single letters', 'P+a+s+s+w+o+r+d+1'],
    ['slashes between single letters', 'P/a/s/s/w/o/r/d/1'],
    ['plus signs between the letters of a keyboard run', 'Q+w+e+r+t+y+1'],
    ['digits inside a word', 'Pass2024word'],
    ['a digit for a letter inside a word', 'Passw9rd2024'],
    ['a built-in word three times', 'PassordPassordPassord'],
    ['a built-in word three times with symbols between', 'Passord!Passord!Passord'],
    ['a keyboard run three times', 'QwertyQwertyQwerty1'],
    ['a word three times with other digits between', 'Password1Password2Password3'],
    ['two built-in words', 'SommerVinter2024'],
    ['a word of two entries and a keyboard run', 'PasswordQwerty1'],
    ['a symbol after an entry whose base is short', 'Abc12345!'],
    ['a symbol after another such entry', 'Aa123456!'],
  ] as const;

  it.each(stillGotThrough)('catches %s: %j', (_description, password) => {
    expect(isCommon(password)).toBe(true);
    expect(assessPassword(password, isCommon)).toMatchObject({ ok: false, problem: 'too_common', score: 0 });
  });

  itJudges(false, 'lets through %s: %j', [
    ['an uncommon word with symbols beside single letters', 'K+vjxs#Plom+t7'],
    ['an uncommon word with digits inside', 'Kvj2024xsplomt'],
    ['an uncommon word three times', 'KvjxsKvjxsKvjxs1'],
    ['a built-in word beside an uncommon one', 'SommerKvjxs2024'],
    ['few letters among symbols and digits', 'P+a9s#s!1'],
  ]);

  itRefusedByTheOtherChecks(stillGotThrough.map(([, password]) => password));
});

describe('createCommonPasswordCheck', () => {
  it('looks entries up case-insensitively, as given', () => {
    const check = createCommonPasswordCheck(['Kvjxsplomt']);
    expect(check('KVJXSPLOMT')).toBe(true);
    expect(check('kvjxsplomt99')).toBe(true);
    expect(check('kvjxsplom')).toBe(false);
  });
});

describe('selectCommonPasswords', () => {
  it('keeps what cannot be derived: no short, run, repeat, leetspeak or suffixed duplicates', () => {
    expect(
      selectCommonPasswords(['abc', 'dragon', 'dragon1', 'p@ssw0rd', 'password', 'qwertyuiop', '11111111', '12121985', 'abc123', 'x', 'Oslo', 'passord1']),
    ).toEqual(['dragon', 'password']);
  });

  it('loses nothing: every entry of every source, and every word entry with a suffix, is still refused', { timeout: 120_000 }, () => {
    const accepted: string[] = [];
    for (const entry of new Set([...published, ...readLeakedPasswords(), ...readDictionaryWords()])) {
      if (entry.length < 4) continue;
      const variants = [entry, entry.toUpperCase()];
      if (/^[a-z](.*[a-z])?$/.test(entry) && !/[013457@$!]/.test(entry)) {
        variants.push(`${entry[0].toUpperCase()}${entry.slice(1)}2024!`, `#${entry.toUpperCase()}99`);
      }
      for (const variant of variants) if (assessPassword(variant, isCommon).ok) accepted.push(variant);
    }
    expect(accepted).toEqual([]);
  });

  it('decides shorter entries first: an entry dropped as two others is caught by those two, kept', () => {
    expect(selectCommonPasswords(['ilovejason', 'ilove', 'jason'])).toEqual(['ilove', 'jason']);
    expect(selectCommonPasswords(['ilovejason', 'ilove'])).toEqual(['ilove', 'ilovejason']);
  });

  it('ships a sorted list of entries of 4+ characters', () => {
    expect(selected.every((entry) => [...entry].length >= 4)).toBe(true);
    expect(selected).toEqual([...selected].sort());
  });

  it('the virtual module is the set front-coded, within its budget (200 KB gzipped), with the data licence', () => {
    const source = commonPasswordsModuleSource();
    expect(source).toBe(`export default ${JSON.stringify(chunkText())};\n`);
    expect(screeningLicence).toMatch(/^# .*CC BY-SA 3\.0/);
    expect(frontDecode(chunkText())).toEqual(selected);
    expect(gzipSync(source, { level: 9 }).length).toBeLessThan(200 * 1024);
  });

  it('refuses at most 0.1 % of random strong passwords (a known false-positive budget)', () => {
    let seed = 22;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&()*+,-./:;<=>?@[]^_{|}~';
    let refused = 0;
    const count = 20_000;
    for (let index = 0; index < count; index += 1) {
      let password = '';
      const length = 10 + Math.floor(next() * 7);
      for (let position = 0; position < length; position += 1) password += alphabet[Math.floor(next() * alphabet.length)];
      if (isCommon(password)) refused += 1;
    }
    expect(refused / count).toBeLessThanOrEqual(0.001);
  });
});

describe("the check built in slices (the browser's)", () => {
  it('pauses every slice and gives the same verdicts as the check built at once', async () => {
    const entries = ['dragon', 'ilove', 'jason', 'kvjxsplomt', 'password'];
    let pauses = 0;
    const sliced = await createCommonPasswordCheckInSlices(
      `# a note\n${frontCode(entries)}`,
      async () => {
        pauses += 1;
      },
      2,
    );
    expect(pauses).toBe(3);
    const whole = createCommonPasswordCheck(entries);
    for (const password of ['Dragon2024!', 'ilovejason', 'I love Jason', 'Kvjxsplomt', 'Sommerfugl-42', 'p@ssw0rd', 'a note', '# a note', 'aaa', 'zzzzzzzzz']) {
      expect(sliced(password), password).toBe(whole(password));
    }
  });

  it("finds every entry of the real set, and nothing else, from the chunk's text", async () => {
    const sliced = await createCommonPasswordCheckInSlices(chunkText(), async () => {});
    expect(selected.filter((entry) => !sliced(entry))).toEqual([]);
    for (const password of ['Kvjxs-Plomt-7', 'Tr0ll-Fjell-Sykkel', 'Blåbær-Vaffel-2026']) expect(sliced(password), password).toBe(false);
  });
});

describe('front coding', () => {
  it('gives back exactly the sorted list it was given', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'grapheme', maxLength: 50 }).filter((entry) => entry !== '' && !entry.includes('\n'))), (entries) => {
        const sorted = [...entries].sort();
        expect(frontDecode(frontCode(sorted))).toEqual(sorted);
      }),
    );
  });

  it('shares prefixes: one character for the shared length, then the rest', () => {
    expect(frontCode(['pass', 'password', 'passwords'])).toBe('0pass\n4word\n8s');
  });
});

describe('the emulator check', () => {
  it('uses the same list and is cached', () => {
    const check = commonPasswordCheck();
    expect(commonPasswordCheck()).toBe(check);
    expect(check('Passord123!')).toBe(true);
    expect(check('Sommerfugl-42')).toBe(false);
  });
});
