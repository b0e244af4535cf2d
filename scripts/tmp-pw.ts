import { readFileSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { createCommonPasswordCheck, selectCommonPasswords } from '../src/features/password-strength/common-passwords';
import { assessPassword } from '../src/features/password-strength/password-rules';
import { readPublishedPasswords } from '../build/published-passwords';

const lines = (f: string) => readFileSync(f, 'latin1').split('\n').map((l) => l.replace(/\r$/, '')).filter(Boolean);
const xato = lines('/tmp/pw/xato1m.txt');
const r50 = lines('/tmp/pw/r50.txt');
const r75 = lines('/tmp/pw/r75.txt');
const never = () => false;
const passing = (list: string[]) => [...new Set(list)].filter((p) => assessPassword(p, never).ok);
const p50 = passing(r50), p75 = passing(r75);
console.log('passing rules', p50.length, p75.length);
const zx = readPublishedPasswords();
const measure = (name: string, entries: string[]) => {
  const check = createCommonPasswordCheck(entries);
  const acc = (l: string[]) => ((100 * l.filter((p) => !check(p)).length) / l.length).toFixed(1);
  const text = entries.join('\n');
  console.log(name, entries.length, 'gzip', (gzipSync(text, { level: 9 }).length / 1024).toFixed(0), 'br', (brotliCompressSync(Buffer.from(text)).length / 1024).toFixed(0), 'KB; accepted r50', acc(p50), '% r75', acc(p75), '%');
  return check;
};
measure('today', selectCommonPasswords(zx));
for (const n of [] as number[]) {
  measure(`xato${n}+zx`, selectCommonPasswords([...zx, ...xato.slice(0, n)]));
}
const full = createCommonPasswordCheck(selectCommonPasswords([...zx, ...xato]));
const rest50 = p50.filter((p) => !full(p));
console.log(rest50.length, rest50.slice(0, 150).join(' '));
