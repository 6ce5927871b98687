import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { decideCharset } from './charset';
import { pagePath, type Dataset } from './dataset';

const gunzipAsync = promisify(gunzip);

/**
 * Page scripts never run in the benchmark: the captured page is measured as markup plus
 * layout, and a live script could rewrite the DOM, loop forever or try the network.
 * Our engines are injected over CDP (Playwright evaluate), which CSP does not govern;
 * e2e/bench-harness.spec.ts proves both halves.
 */
export const PAGE_CSP = "script-src 'none'; object-src 'none'; worker-src 'none'";

export interface PageServer {
  origin: string;
  /**
   * Proxy address for Chromium (--proxy-server). Chromium sends everything that is not
   * loopback to it, and it refuses all of it: no request leaves the machine.
   */
  proxy: string;
  /** Requests refused because they were not for 127.0.0.1 (proxy GETs and CONNECTs). */
  blocked: { count: number; hosts: Map<string, number> };
  urlFor(datasetIndex: number, id: string): string;
  /** Encoding each served page should be decoded with (filled as pages are served). */
  expectedCharset: Map<string, string>;
  close(): Promise<void>;
}

/**
 * Serves `pages/<id>.html.gz` of each dataset at /<datasetIndex>/<id> on 127.0.0.1, and is
 * at the same time the proxy that refuses every other request.
 *
 * Anything else gets 204 No Content: a page's own sub-resources come back empty, and a
 * navigation answered with 204 does not happen, so a `<meta http-equiv=refresh>` cannot
 * replace the page under test (the runner still checks the URL after the engines ran).
 */
export async function startPageServer(datasets: readonly Dataset[]): Promise<PageServer> {
  const expectedCharset = new Map<string, string>();
  const ids = datasets.map((d) => new Set(d.records.map((r) => r.id)));
  const blocked = { count: 0, hosts: new Map<string, number>() };
  const block = (host: string) => {
    blocked.count++;
    blocked.hosts.set(host, (blocked.hosts.get(host) ?? 0) + 1);
  };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    if (!url.startsWith('/')) {
      // A proxy request (absolute URL): the page asked for something off this machine.
      let host = '?';
      try {
        host = new URL(url).host;
      } catch {
        /* keep '?' */
      }
      block(host);
      res.writeHead(204, { 'content-security-policy': PAGE_CSP });
      res.end();
      return;
    }
    const notFound = () => {
      res.writeHead(204, { 'content-security-policy': PAGE_CSP, 'cache-control': 'no-store' });
      res.end();
    };
    const m = /^\/(\d+)\/([^/?#]+)$/.exec(url);
    const dataset = m ? datasets[Number(m[1])] : undefined;
    if (!m || !dataset || req.method !== 'GET') return notFound();
    let id: string;
    try {
      id = decodeURIComponent(m[2]!);
    } catch {
      return notFound();
    }
    if (!ids[Number(m[1])]!.has(id)) return notFound();
    readFile(pagePath(dataset, id))
      .then((gz) => gunzipAsync(gz))
      .then((bytes) => {
        const charset = decideCharset(bytes);
        expectedCharset.set(`${m[1]}/${id}`, charset.expected);
        res.writeHead(200, {
          'content-type': charset.header ? `text/html; charset=${charset.header}` : 'text/html',
          'content-security-policy': PAGE_CSP,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        });
        res.end(bytes);
      })
      .catch(() => notFound());
  });
  // HTTPS (and WebSocket) through the proxy starts with CONNECT: refuse the tunnel.
  server.on('connect', (req, socket) => {
    block(req.url ?? '?');
    // The tunnel's socket is the server's no longer: a client that resets it (Chromium giving up
    // on a refused tunnel) raises an error here that nothing else listens for, which ended the
    // whole run (read ECONNRESET, 1,525 pages into a full benchmark).
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    proxy: origin,
    blocked,
    urlFor: (datasetIndex, id) => `${origin}/${datasetIndex}/${encodeURIComponent(id)}`,
    expectedCharset,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
