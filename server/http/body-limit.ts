/** A request body within a size, for the server's own routes and the emulator's. */
import { bodyLimit } from 'hono/body-limit';
import { apiError } from './api-error';
import { closeAfterAnswer } from './close-connection';

/**
 * 413 with an error body for a request body over `maxSize` bytes. The rest of the body is not read, so
 * the connection closes after the answer (close-connection.ts).
 */
export function limitBody(maxSize: number, what = 'Request body') {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      closeAfterAnswer(c);
      return apiError(c, 413, 'PAYLOAD_TOO_LARGE', `${what} too large`);
    },
  });
}
