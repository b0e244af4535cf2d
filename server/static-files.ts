import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * What may be served, by extension. No '.map': source maps hold the whole source and stay out of
 * dist/ (build/sourcemaps-plugin.ts); should one get there all the same, it is answered 404.
 */
const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

/**
 * Reads a file under `root` for a URL path relative to it, or returns null. Refuses anything that
 * would leave `root` (../, encoded or not) and anything that is not a plain file.
 */
export async function readStaticFile(
  root: string,
  relativeUrlPath: string,
  acceptEncoding?: string,
): Promise<{ body: Buffer; contentType: string; encoding?: Encoding } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativeUrlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const resolvedRoot = path.resolve(root);
  const filePath = path.resolve(resolvedRoot, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!filePath.startsWith(`${resolvedRoot}${path.sep}`)) return null;
  const contentType = contentTypes[path.extname(filePath).toLowerCase()];
  if (!contentType) return null;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return null;
    // The build's .br or .gz beside it (server/deploy/static-site.ts precompressDir), when the client takes it.
    for (const encoding of acceptedEncodings(acceptEncoding)) {
      const encoded = await readFile(`${filePath}.${encoding === 'gzip' ? 'gz' : 'br'}`).catch(() => null);
      if (encoded) return { body: encoded, contentType, encoding };
    }
    return { body: await readFile(filePath), contentType };
  } catch {
    return null;
  }
}

export type Encoding = 'br' | 'gzip';

/** The encodings an Accept-Encoding header takes, best first (br before gzip); none with q=0. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const taken = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    taken.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = taken.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((encoding) => (taken.get(encoding) ?? wildcard) > 0);
}
