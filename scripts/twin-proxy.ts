/**
 * The script-free twin of a page for the bench (scripts/bench.ts): a proxy in front of a server that
 * answers exactly as the server does, except that HTML comes without its scripts (every <script>
 * element but JSON data blocks, and module preload hints), compressed again with gzip when it came
 * compressed. Blocking the script requests instead (Lighthouse's blockedUrlPatterns) would not do:
 * Lighthouse's simulation still charges a blocked request its round trip, so the twin would not be
 * the floor the page without scripts sets.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';

/** The page without anything that runs: script elements (JSON data blocks stay) and module preloads. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*\btype="application\/json")[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '');
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

export async function startTwinProxy(upstream: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const target = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
    const forward = request({ hostname: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html')) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const encoding = answer.headers['content-encoding'];
        const html = withoutScripts(decode(Buffer.concat(chunks), encoding).toString('utf8'));
        // Compressed as the Node server does (zlib's default level); an uncompressed answer stays so.
        const body = encoding ? gzipSync(html) : Buffer.from(html);
        const { 'content-length': _, 'transfer-encoding': __, ...rest } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, { ...rest, ...(encoding ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
        outgoing.end(body);
      });
    });
    forward.on('error', (error) => {
      outgoing.writeHead(502);
      outgoing.end(String(error));
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
