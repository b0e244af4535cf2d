import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { randomInt } from 'node:crypto';
import { createCommonPasswordCheck, selectCommonPasswords } from '../src/features/password-strength/common-passwords';
import { assessPassword } from '../src/features/password-strength/password-rules';
import { readPublishedPasswords } from '../build/published-passwords';

const lines = (f: string) => readFileSync(f, 'latin1').split('\n').map((l) => l.replace(/\r$/, '')).filter(Boolean);
const json = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as string[];
const xato = lines('/tmp/pw/xato1m.txt');
const never = () => false;
const passing = (list: string[]) => [...new Set(list)].filter((p) => assessPassword(p, never).ok);
const p50 = passing(lines('/tmp/pw/r50.txt')), p75 = passing(lines('/tmp/pw/r75.txt'));
const zx = readPublishedPasswords();
const Z = '/tmp/pw/zxcvbn-ts-language-';
const en = (f: string) => json(`${Z}en-4.1.1/package/src/${f}.json`);
const pt = (f: string) => json(`/tmp/pw/ptbr/package/src/${f}.json`);
const es = (f: string) => json(`${Z}es-es-4.1.2/package/src/${f}.json`);
const alpha = /^[a-zñáéíóú]{3,}$/;
const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&()*+,-./:;<=>?@[]^_{|}~';
const randoms: string[] = [];
while (randoms.length < 20000) { const n = 10 + randomInt(7); let s = ''; for (let i = 0; i < n; i++) s += chars[randomInt(chars.length)]; if (assessPassword(s, never).ok) randoms.push(s); }
const lowers: string[] = [];
while (lowers.length < 20000) { let s = ''; for (let i = 0; i < 12; i++) s += 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]; lowers.push(s); }

function run(name: string, xatoN: number, vocabWords: string[]) {
  const selected = selectCommonPasswords([...zx, ...xato.slice(0, xatoN)]);
  const base = createCommonPasswordCheck(selected);
  const vocab = new Set(vocabWords.map((w) => w.toLowerCase()).filter((w) => alpha.test(w)));
  for (const e of selected) if (alpha.test(e) && e.length <= 12) vocab.add(e);
  const letters = (p: string) => { const b = p.toLowerCase().replace(/[\s._-]+/g, '').replace(/^[^a-zæøå]+|[^a-zæøå]+$/g, ''); return /^[a-zæøå]+$/.test(b) ? b : ''; };
  const two = (c: string) => { for (let i = 3; i <= c.length - 3; i++) if (vocab.has(c.slice(0, i)) && vocab.has(c.slice(i))) return true; return false; };
  const digitRuns = ['12345678901234567890', '09876543210987654321'];
  const check = (p: string) => base(p) || base(p.replace(/[\s._-]+/g, '')) || (letters(p).length >= 4 && vocab.has(letters(p)) && p.length - letters(p).length <= 4) || (letters(p).length >= 6 && two(letters(p))) || (/^\d{6,}$/.test(p) && digitRuns.some((r) => r.includes(p)));
  const acc = (l: string[]) => ((100 * l.filter((p) => !check(p)).length) / l.length).toFixed(1);
  const fp = (l: string[]) => ((100 * l.filter((p) => check(p)).length) / l.length).toFixed(2);
  const vocabOnly = [...vocab].filter((w) => !selected.includes(w));
  const size = gzipSync(selected.join('\n'), { level: 9 }).length + gzipSync([...vocabOnly].sort().join('\n'), { level: 9 }).length;
  if (process.env.SHOW) console.log(p50.filter((p) => !check(p)).slice(0, 200).join(' '));
  console.log(name, 'list', selected.length, 'vocab', vocab.size, 'gzip KB', (size / 1024).toFixed(0), 'acc r50', acc(p50), 'r75', acc(p75), 'FP random', fp(randoms), 'lower12', fp(lowers));
}
const W = (n: number) => [...en('firstnames'), ...es('firstnames'), ...en('commonWords').slice(0, n), ...es('commonWords').slice(0, n), 'ilove', 'iluv', 'iheart', 'teamo', 'tequiero', 'love'];
//run('V3', 100000, [...W(10000), ...pt('firstnames'), ...pt('commonWords').slice(0, 10000), ...en('lastnames').slice(0, 10000)]);
//run('V4', 100000, [...W(20000), ...pt('firstnames'), ...pt('commonWords').slice(0, 20000), ...en('lastnames').slice(0, 10000)]);
//run('V4-80k', 80000, [...W(20000), ...pt('firstnames'), ...pt('commonWords').slice(0, 20000), ...en('lastnames').slice(0, 10000)]);
//run('V5-60k', 60000, [...W(30000), ...pt('firstnames'), ...pt('commonWords').slice(0, 30000), ...en('lastnames').slice(0, 20000), ...es('lastnames'), ...pt('lastnames').slice(0, 5000)]);
{
  const W2 = [...W(20000), ...pt('firstnames'), ...pt('commonWords').slice(0, 20000), ...en('lastnames').slice(0, 10000)];
  const selected = selectCommonPasswords([...zx, ...xato.slice(0, 100000)]);
  const all = [...new Set([...selected, ...W2.map((w) => w.toLowerCase()).filter((w) => alpha.test(w))])].sort();
  const plain = all.join('\n');
  let prev = '';
  const fc = all.map((w) => { let k = 0; while (k < prev.length && k < w.length && k < 35 && prev[k] === w[k]) k++; prev = w; return String.fromCharCode(48 + k) + w.slice(k); }).join('\n');
  const { brotliCompressSync, constants } = await import('node:zlib');
  const br = (t: string) => brotliCompressSync(Buffer.from(t), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 } }).length;
  console.log('entries', all.length, 'plain gzip', gzipSync(plain, { level: 9 }).length, 'br', br(plain), 'frontcoded gzip', gzipSync(fc, { level: 9 }).length, 'br', br(fc), 'bloom0.1%', Math.ceil(all.length * 14.38 / 8), 'fuse12', Math.ceil(all.length * 1.13 * 12 / 8));
}
