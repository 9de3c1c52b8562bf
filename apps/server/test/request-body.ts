/** The whole body of a request a stand-in server received, as text. Test support only. */
import type { IncomingMessage } from 'node:http';

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}
