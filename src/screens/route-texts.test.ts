/**
 * Each route's first-load text parts (route-texts.ts) are exactly those its code names texts of: read
 * from the sources, following static imports from the route module (what comes with it), the screen
 * manifest's titles and headings left out (the browser's build drops them). A route that shows a text
 * of a part it does not load would show the key; one that loads a part it does not show fetches bytes
 * for nothing (issue #52). The page frame (the router and what it imports) names only texts every page has.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nbForgot } from '../i18n/forgot/nb';
import { nbLater } from '../i18n/later/nb';
import { nbMobile } from '../i18n/mobile/nb';
import { nbPage } from '../i18n/page/nb';
import { nbPasskeys } from '../i18n/passkeys/nb';
import { nbReset } from '../i18n/reset/nb';
import { nbSignIn } from '../i18n/sign-in/nb';
import { nbStatement } from '../i18n/statement/nb';
import { screenManifest } from './manifest';
import { routeTextParts, routeTextSources, type ScreenTextPart } from './route-texts';

const src = path.resolve(import.meta.dirname, '..');
const parts = {
  page: nbPage,
  'sign-in': nbSignIn,
  forgot: nbForgot,
  mobile: nbMobile,
  later: nbLater,
  reset: nbReset,
  passkeys: nbPasskeys,
  statement: nbStatement,
};
const partOfKey = new Map(Object.entries(parts).flatMap(([part, table]) => Object.keys(table).map((key) => [key, part] as const)));
const firstLoadParts: readonly string[] = ['sign-in', 'forgot', 'mobile'] satisfies ScreenTextPart[];

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => existsSync(file) && statSync(file).isFile());
}

interface SourceFacts {
  staticImports: string[];
  dynamicImports: string[];
  keys: string[];
}

/** The names an import statement's braces bring, without `type` ones: `{ a, b as c, type d }` → a, b. */
function namesImported(braces: string | undefined): string[] | undefined {
  if (braces === undefined) return undefined;
  return braces
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item && !item.startsWith('type '))
    .map((item) => item.split(/\s+as\s+/)[0]);
}

/**
 * A feature's index.ts only re-exports (docs/architecture.md), and the build links importers straight to
 * the modules it names (vite.config.ts): so an import of an index.ts brings only the modules of the names
 * imported, as the bundle does.
 */
function throughIndex(index: string, names: string[]): string[] {
  const code = readFileSync(index, 'utf8');
  const modules: string[] = [];
  for (const [, braces, specifier] of code.matchAll(/^export\s*\{([^}]*)\}\s*from\s*'([^']+)'/gm)) {
    const exported = (namesImported(braces) ?? []).map((item) => item.split(/\s+as\s+/).at(-1));
    const module = resolveImport(index, specifier);
    if (module && names.some((name) => exported.includes(name))) modules.push(module);
  }
  return modules;
}

function read(file: string): SourceFacts {
  const code = readFileSync(file, 'utf8');
  const staticImports: string[] = [];
  // Imports and re-exports that bring code (not `import type`), with the names they take where listed:
  // import a, { b } from '…', import * as c from '…', import '…', export { d } from '…', export * from '…'.
  const statements =
    /^(?:import(?!\s+type\s)\s+(?:([\w$*\s]*?)\s*,?\s*(?:\{([^}]*)\})?\s*from\s+)?|export(?!\s+type\s)\s+(?:\*|\{([^}]*)\})\s+from\s+)'([^']+)'/gm;
  for (const [, whole, braces, reexported, specifier] of code.matchAll(statements)) {
    const imported = resolveImport(file, specifier);
    if (!imported) continue;
    const names = whole?.trim() ? undefined : namesImported(braces ?? reexported);
    if (names && /[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(imported)) staticImports.push(...throughIndex(imported, names));
    else if (names?.length !== 0) staticImports.push(imported);
  }
  return {
    staticImports,
    dynamicImports: [...code.matchAll(/import\(\s*'([^']+)'\s*\)/g)]
      .map((match) => resolveImport(file, match[1]))
      .filter((next): next is string => next !== undefined),
    keys: [...code.matchAll(/['"`]([a-z_0-9]+\.[a-z_0-9]+)['"`]/g)].map((match) => match[1]).filter((key) => partOfKey.has(key)),
  };
}

/** The parts whose texts the code reachable from `root` names, by part, with where. */
function partsNamed(root: string, { dynamic }: { dynamic: boolean }): Map<string, string[]> {
  const named = new Map<string, string[]>();
  const seen = new Set<string>();
  const pending = [root];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file) || file.includes(`${path.sep}i18n${path.sep}`)) continue;
    seen.add(file);
    const facts = read(file);
    // The manifest's titles and headings are for the server and the prerender only.
    if (!file.endsWith(path.join('screens', 'manifest.ts'))) {
      for (const key of facts.keys) {
        const part = partOfKey.get(key) as string;
        named.set(part, [...(named.get(part) ?? []), `${path.relative(src, file)}: ${key}`]);
      }
    }
    pending.push(...facts.staticImports, ...(dynamic ? facts.dynamicImports : []));
  }
  return named;
}

const routeModules = [
  ...new Set(Object.values(screenManifest).flatMap((screen) => ('layout' in screen && screen.layout ? [screen.layout, screen.module] : [screen.module]))),
];

describe('the text parts each route loads with it (issue #52)', () => {
  it.each(routeModules)('src/routes/%s.tsx: exactly the parts its code names', (module) => {
    const named = partsNamed(path.join(src, 'routes', `${module}.tsx`), { dynamic: false });
    const needed = firstLoadParts.filter((part) => named.has(part));
    expect(routeTextParts[module] ?? [], `${module} names ${JSON.stringify(Object.fromEntries(named), null, 1)}`).toEqual(needed);
    // What it loads lazily may name besides only what any part loaded later brings (later/ and
    // sign-in/: i18n/texts.ts, loadLaterTexts), never another first-load part.
    const lazily = partsNamed(path.join(src, 'routes', `${module}.tsx`), { dynamic: true });
    expect(firstLoadParts.filter((part) => lazily.has(part) && !needed.includes(part as ScreenTextPart) && part !== 'sign-in')).toEqual([]);
  });

  it('every route it lists exists', () => {
    for (const module of Object.keys(routeTextParts)) expect(routeModules).toContain(module);
  });

  it('the page frame (the router, the layout, the error pages) names only the texts every page has', () => {
    const named = partsNamed(path.join(src, 'app', 'router.tsx'), { dynamic: false });
    expect([...named.keys()]).toEqual(['page']);
  });

  it("names a route's parts as the build manifest's source files, in the page's language", () => {
    expect(routeTextSources(['src/routes/private-login.tsx'], 'nn')).toEqual(['src/i18n/sign-in/nn.ts']);
    expect(routeTextSources(['src/routes/mobile-forgot-password.tsx', 'src/routes/forgot-password.tsx'], 'en')).toEqual([
      'src/i18n/sign-in/en.ts',
      'src/i18n/forgot/en.ts',
    ]);
    expect(routeTextSources(['src/routes/timeout.tsx'], 'nb')).toEqual([]);
  });
});
