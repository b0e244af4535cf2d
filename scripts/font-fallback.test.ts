// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fallbackMetrics } from '../build/font-fallback';
import { liberationSans } from './lib.mjs';

const fontsCss = readFileSync(new URL('../src/app/fonts.css', import.meta.url), 'utf8');

/** The "Posten Sans Fallback" faces of fonts.css, by weight. */
function declaredFallbacks(): Map<number, Record<string, string>> {
  const faces = new Map<number, Record<string, string>>();
  for (const [, body] of fontsCss.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const descriptors = Object.fromEntries([...body.matchAll(/([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
    if (descriptors['font-family'] === '"Posten Sans Fallback"') faces.set(Number(descriptors['font-weight']), descriptors);
  }
  return faces;
}

describe("Posten Sans's fallback (src/app/fonts.css, build/font-fallback.ts)", () => {
  it('has the metrics measured from the font files and the texts, for each weight', async () => {
    expect(existsSync(liberationSans), 'Liberation Sans is missing: npm test installs it (apt-get install fonts-liberation)').toBe(true);
    const declared = declaredFallbacks();
    const measured = await fallbackMetrics();
    expect([...declared.keys()].sort()).toEqual(measured.map((metrics) => metrics.weight));
    for (const metrics of measured) {
      const face = declared.get(metrics.weight);
      expect(face, `weight ${metrics.weight}`).toMatchObject({
        'size-adjust': `${metrics.sizeAdjust}%`,
        'ascent-override': `${metrics.ascentOverride}%`,
        'descent-override': `${metrics.descentOverride}%`,
        'line-gap-override': `${metrics.lineGapOverride}%`,
      });
    }
  });

  it('stands on Arial, or Liberation Sans where Arial is missing', () => {
    for (const face of declaredFallbacks().values()) {
      expect(face.src).toMatch(/^local\("Arial( Bold)?"\), local\("Arial(MT|-BoldMT)"\), local\("Liberation Sans( Bold)?"\)/);
    }
  });
});
