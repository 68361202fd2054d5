import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** JSON-encoded unless `raw` is given. */
  json?: unknown;
  raw?: { body: string; contentType: string };
  /** Extra response headers (Retry-After, a challenge…). */
  headers?: Record<string, string>;
}

export type FakeHandler = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

/**
 * A real HTTP server on 127.0.0.1 standing in for apps/server in web tests: routes are `METHOD /path`
 * below `/api/v1/`, every request is recorded. Lets the tests exercise the real fetch-based client.
 */
export interface FakeApi {
  baseUrl: string;
  requests: SeenRequest[];
  on(route: string, handler: FakeHandler | FakeReply): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeApi(): Promise<FakeApi> {
  const routes = new Map<string, FakeHandler>();
  const requests: SeenRequest[] = [];

  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    // jsdom's XMLHttpRequest (uploads with progress) applies CORS: the page's origin is allowed, with
    // cookies, and preflights are answered without being recorded. fetch in tests sends no Origin.
    const origin = request.headers.origin;
    const cors: Record<string, string> = origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' }
      : {};
    if (request.method === 'OPTIONS' && origin) {
      response.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
      });
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const seen: SeenRequest = {
      method: request.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    requests.push(seen);
    const handler = routes.get(`${seen.method} ${path}`);
    const reply: FakeReply = handler
      ? await handler(seen)
      : { status: 404, json: { code: 404, key: 'http.notFound', message: 'Not found' } };
    const status = reply.status ?? 200;
    const extra = reply.headers ?? {};
    if (reply.raw) {
      response.writeHead(status, { ...cors, ...extra, 'Content-Type': reply.raw.contentType });
      response.end(reply.raw.body);
    } else if (reply.json === undefined) {
      response.writeHead(status, { ...cors, ...extra });
      response.end();
    } else {
      response.writeHead(status, { ...cors, ...extra, 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(reply.json));
    }
  });

  // Idle connections stay open until close(): with Node's 5 s keep-alive timeout, a page whose first render
  // blocks the test's thread longer (antd's styles in jsdom on a busy machine) had its next request sent on a
  // socket the server was closing in the same turn, and fetch failed with ECONNRESET before we saw it.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
