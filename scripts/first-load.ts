/**
 * What a first visit to a screen downloads, read from Vite's build manifest: the entry and its static
 * imports, the texts of the language, and the screen's own lazy chunk with its static imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Files a first load of these manifest keys fetches (JS and CSS), following static imports. */
export function firstLoadFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk "${key}" in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

export function gzipBytes(distDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
}

/** The route module of each screen measured (the base route is private login). */
export const measuredScreens: { name: string; path: string; module: string }[] = [
  { name: 'private login (base route)', path: '/innlogging/', module: 'src/routes/private-login.tsx' },
  { name: 'business login', path: '/innlogging/business', module: 'src/routes/business-login.tsx' },
  { name: 'admin', path: '/innlogging/admin', module: 'src/routes/admin.tsx' },
  { name: 'forgot password', path: '/innlogging/forgot-password', module: 'src/routes/forgot-password.tsx' },
  { name: 'email verification', path: '/innlogging/epost-verifisering/', module: 'src/routes/email-verification.tsx' },
  { name: 'login error', path: '/innlogging/loginError', module: 'src/routes/login-error.tsx' },
  { name: 'logged out', path: '/innlogging/logout', module: 'src/routes/logout.tsx' },
  { name: 'timeout', path: '/innlogging/timeout', module: 'src/routes/timeout.tsx' },
  { name: 'not found', path: '/innlogging/finnes-ikke', module: 'src/routes/not-found.tsx' },
  { name: 'mobile token approve', path: '/innlogging/mobileSuccess/{token}', module: 'src/routes/mobile-success.tsx' },
];

export function firstLoadBytes(distDir: string, manifest: Manifest, module: string, language = 'nb') {
  const files = firstLoadFiles(manifest, ['index.html', `src/i18n/${language}.ts`, module]);
  return { js: gzipBytes(distDir, files.js), css: gzipBytes(distDir, files.css) };
}
