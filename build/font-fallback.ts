/**
 * The metrics of Posten Sans's fallback (src/app/fonts.css): Arial scaled so its text takes the room
 * Posten Sans's takes, and given Posten Sans's ascent, descent and line gap, the way Next.js's font
 * loader makes its fallbacks. The width is measured over the product's own first-load texts (nb, nn
 * and en) shaped by HarfBuzz, not over a letter table: the words people see are the ones that must
 * not wrap anew when Posten Sans swaps in. Arial's side is Liberation Sans, made with Arial's metrics.
 *
 * `npx tsx build/font-fallback.ts` prints the numbers; scripts/font-fallback.test.ts holds fonts.css to them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { enForgot } from '../src/i18n/forgot/en';
import { nbForgot } from '../src/i18n/forgot/nb';
import { nnForgot } from '../src/i18n/forgot/nn';
import { enMobile } from '../src/i18n/mobile/en';
import { nbMobile } from '../src/i18n/mobile/nb';
import { nnMobile } from '../src/i18n/mobile/nn';
import { enPage } from '../src/i18n/page/en';
import { nbPage } from '../src/i18n/page/nb';
import { nnPage } from '../src/i18n/page/nn';
import { enSignIn } from '../src/i18n/sign-in/en';
import { nbSignIn } from '../src/i18n/sign-in/nb';
import { nnSignIn } from '../src/i18n/sign-in/nn';

const postenSansDir = path.resolve(import.meta.dirname, '../node_modules/@postenbring/hedwig-css/assets/fonts');
const liberationDir = '/usr/share/fonts/truetype/liberation';

/** Each weight of Posten Sans and the Arial face its fallback stands on (Medium: Arial has none). */
export const fallbackPairs = [
  { weight: 400, postenSans: 'PostenSans-Regular.woff2', arial: 'LiberationSans-Regular.ttf' },
  { weight: 500, postenSans: 'PostenSans-Medium.woff2', arial: 'LiberationSans-Regular.ttf' },
  { weight: 700, postenSans: 'PostenSans-Bold.woff2', arial: 'LiberationSans-Bold.ttf' },
] as const;

export interface FallbackMetrics {
  weight: number;
  /** Percentages, as @font-face takes them. */
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

/** Every page's texts and the parts screens load with them (src/screens/route-texts.ts): what a first paint may show. */
const firstLoadTexts = [nbPage, nnPage, enPage, nbSignIn, nnSignIn, enSignIn, nbForgot, nnForgot, enForgot, nbMobile, nnMobile, enMobile];
const sampleText = firstLoadTexts.flatMap((texts) => Object.values(texts)).join(' ');

/** The offset of each table of an sfnt (OpenType/TrueType) file. */
function tableOffsets(font: Buffer): Map<string, number> {
  const offsets = new Map<string, number>();
  for (let index = 0; index < font.readUInt16BE(4); index += 1) {
    const record = 12 + index * 16;
    offsets.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return offsets;
}

/** The vertical metrics a browser lays a line out with (hhea: neither font asks for the typo metrics) and the sample's width, in ems. */
async function measure(file: string) {
  let font = readFileSync(file);
  if (file.endsWith('.woff2')) font = Buffer.from(await fontverter.convert(font, 'sfnt'));
  const tables = tableOffsets(font);
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  if (head === undefined || hhea === undefined) throw new Error(`${file}: no head or hhea table`);
  const unitsPerEm = font.readUInt16BE(head + 18);
  const buffer = new hb.Buffer();
  buffer.addText(sampleText);
  buffer.guessSegmentProperties();
  hb.shape(new hb.Font(new hb.Face(new hb.Blob(font))), buffer);
  const advance = buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0);
  return {
    ascent: font.readInt16BE(hhea + 4) / unitsPerEm,
    descent: -font.readInt16BE(hhea + 6) / unitsPerEm,
    lineGap: font.readInt16BE(hhea + 8) / unitsPerEm,
    width: advance / unitsPerEm,
  };
}

const percent = (value: number) => Math.round(value * 10_000) / 100;

export async function fallbackMetrics(): Promise<FallbackMetrics[]> {
  const all: FallbackMetrics[] = [];
  // One after the other: made together, the conversions gave back broken files (a table past the end).
  for (const { weight, postenSans, arial } of fallbackPairs) {
    const posten = await measure(path.join(postenSansDir, postenSans));
    const fallback = await measure(path.join(liberationDir, arial));
    const scale = posten.width / fallback.width;
    // The overrides are of the adjusted size (CSS Fonts 5), so Posten Sans's own are divided by the scale.
    all.push({
      weight,
      sizeAdjust: percent(scale),
      ascentOverride: percent(posten.ascent / scale),
      descentOverride: percent(posten.descent / scale),
      lineGapOverride: percent(posten.lineGap / scale),
    });
  }
  return all;
}

if (process.argv[1] === import.meta.filename) {
  for (const metrics of await fallbackMetrics()) console.log(metrics);
}
