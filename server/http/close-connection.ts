/**
 * Answers after which the connection closes, cleanly: for a request whose body the server will not
 * read (413). Kept open, the unread rest of the body would be taken for the next request; closed at
 * once, the bytes the client is still sending meet a closed socket, the kernel answers them with a
 * reset, and the client may lose the answer it was about to read. So the answer says
 * `Connection: close`, and the socket closes the way web servers do it (nginx's lingering close):
 * its sending side after the answer, then what the client still sends is read and dropped, unparsed,
 * until the client closes too, at most `lingerMs` or `maxDiscardedBytes`.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const lingerMs = 2000;
const maxDiscardedBytes = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/** Node's HTTP server ends a `Connection: close` exchange with this (after the answer is written). */
type ClosingSocket = Socket & { destroySoon?: () => void };

function lingeringClose(socket: ClosingSocket): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  let discarded = 0;
  const discard = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxDiscardedBytes) socket.destroy();
  };
  // Only we read from now on: the HTTP parser no longer sees the rest of the body, nor any request
  // pipelined after it (RFC 9112 §9.6: no further requests are processed on a closing connection).
  socket.on('data', discard);
  for (const listener of socket.listeners('data')) {
    if (listener !== discard) socket.removeListener('data', listener as (...args: unknown[]) => void);
  }
  socket.resume();
  // The parser may have read the socket natively and stopped it there (backpressure from the body it
  // was handing on), out of the stream's sight: start reading again, as Node's HTTP server itself
  // does when a socket it consumed is resumed.
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStart?: () => number } })._handle;
  if (handle && !handle.reading && typeof handle.readStart === 'function') {
    handle.reading = true;
    handle.readStart();
  }
  socket.end();
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * Marks the answer `Connection: close` and, on a real connection (not an in-process request),
 * closes the socket cleanly once the answer has been written.
 */
export function closeAfterAnswer(c: Context): void {
  c.header('Connection', 'close');
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket as ClosingSocket | undefined;
  if (!socket || typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = () => lingeringClose(socket);
}
