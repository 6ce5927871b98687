import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from './server';

let server: PageServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Sends `request` on a fresh connection to the server and waits for the first bytes of its answer. */
async function firstAnswer(origin: string, request: string): Promise<{ socket: Socket; answer: string }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((ok) => socket.once('connect', () => ok()));
  socket.write(request);
  const answer = await new Promise<string>((ok) => socket.once('data', (b: Buffer) => ok(b.toString('latin1'))));
  return { socket, answer };
}

describe('page server (the benchmark\'s proxy)', () => {
  it('refuses a CONNECT tunnel, and a client that resets the refused tunnel does not bring the benchmark down', async () => {
    server = await startPageServer([]);
    const crashes: unknown[] = [];
    const onError = (e: unknown) => crashes.push(e);
    process.on('uncaughtException', onError);
    try {
      for (let k = 0; k < 5; k++) {
        const { socket, answer } = await firstAnswer(server.origin, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
        expect(answer.startsWith('HTTP/1.1 403')).toBe(true);
        // What Chromium does to a tunnel it gives up on: a reset, not a close.
        socket.resetAndDestroy();
      }
      await new Promise((ok) => setTimeout(ok, 100));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(crashes).toEqual([]);
    expect(server.blocked.count).toBe(5);
    expect(server.blocked.hosts.get('example.com:443')).toBe(5);
  });
});
