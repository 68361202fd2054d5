import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Env } from '../src/config';

/**
 * An OAuth 2.0 provider on 127.0.0.1 for passport tests, strict where a real one is: the authorization
 * request must use PKCE S256 and our client id; the token endpoint checks the code (single use), the client
 * id and secret, the redirect URI and that SHA256(code_verifier) is the challenge it was given.
 */
export interface Person {
  sub: string;
  name?: string;
}

export interface FakeOauthProvider {
  /** PASSPORT_* for buildTestApp. */
  env: Env;
  clientId: string;
  clientSecret: string;
  /** Who approves the next authorization requests. */
  approveAs(person: Person): void;
  /** Follows the app's redirect to the provider like a browser: answers the provider's redirect back. */
  authorize(location: string): Promise<URL>;
  /** An access token for `person`, as if the client had got it elsewhere (PUT associate). */
  issueToken(person: Person): string;
  /** The next token request fails with this status. */
  failNextToken(status: number): void;
  /** Token requests seen, with the verdict. */
  tokenRequests: Array<{ form: Record<string, string>; status: number }>;
  close(): Promise<void>;
}

interface IssuedCode {
  person: Person;
  challenge: string;
  redirectUri: string;
  clientId: string;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOauthProvider(): Promise<FakeOauthProvider> {
  const clientId = 'lintel-test-client';
  const clientSecret = 'test-secret-123';
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, Person>();
  const tokenRequests: FakeOauthProvider['tokenRequests'] = [];
  let approved: Person = { sub: 'nobody' };
  let failToken: number | null = null;

  function authorizeEndpoint(url: URL, response: ServerResponse) {
    const q = url.searchParams;
    const problems = [
      q.get('response_type') !== 'code' && 'response_type',
      q.get('client_id') !== clientId && 'client_id',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method',
      !/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? '') && 'code_challenge',
      !q.get('state') && 'state',
      !q.get('redirect_uri') && 'redirect_uri',
      q.get('scope') !== 'openid profile' && 'scope',
    ].filter(Boolean);
    if (problems.length > 0) return json(response, 400, { error: 'invalid_request', problems });
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      person: approved,
      challenge: q.get('code_challenge') as string,
      redirectUri: q.get('redirect_uri') as string,
      clientId,
    });
    const back = new URL(q.get('redirect_uri') as string);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') as string);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  async function tokenEndpoint(request: IncomingMessage, response: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const verdict = (status: number, body: unknown) => {
      tokenRequests.push({ form, status });
      json(response, status, body);
    };
    if (failToken !== null) {
      const status = failToken;
      failToken = null;
      return verdict(status, { error: 'server_error' });
    }
    const issued = codes.get(form.code ?? '');
    // A code is good once, whatever the outcome.
    codes.delete(form.code ?? '');
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '', 'ascii')
      .digest('base64url');
    if (
      form.grant_type !== 'authorization_code' ||
      !issued ||
      form.client_id !== issued.clientId ||
      form.client_secret !== clientSecret ||
      form.redirect_uri !== issued.redirectUri ||
      challenge !== issued.challenge
    ) {
      return verdict(400, { error: 'invalid_grant' });
    }
    const token = randomBytes(16).toString('hex');
    tokens.set(token, issued.person);
    return verdict(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  function userinfoEndpoint(request: IncomingMessage, response: ServerResponse) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const person = token ? tokens.get(token) : undefined;
    if (!person) return json(response, 401, { error: 'invalid_token' });
    return json(response, 200, { sub: person.sub, ...(person.name ? { name: person.name } : {}) });
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/oauth/authorize')
      return authorizeEndpoint(url, response);
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      tokenEndpoint(request, response).catch(() => json(response, 500, { error: 'server_error' }));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/oauth/userinfo')
      return userinfoEndpoint(request, response);
    return json(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    env: {
      PASSPORT_AUTHORIZE_URL: `${base}/oauth/authorize`,
      PASSPORT_TOKEN_URL: `${base}/oauth/token`,
      PASSPORT_USERINFO_URL: `${base}/oauth/userinfo`,
      PASSPORT_CLIENT_ID: clientId,
      PASSPORT_CLIENT_SECRET: clientSecret,
      PASSPORT_NAME: '测试通行证',
    },
    clientId,
    clientSecret,
    approveAs(person) {
      approved = person;
    },
    async authorize(location) {
      const response = await fetch(location, { redirect: 'manual' });
      const back = response.headers.get('location');
      if (response.status !== 302 || !back) {
        throw new Error(`the provider refused the authorization request: ${await response.text()}`);
      }
      return new URL(back);
    },
    issueToken(person) {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, person);
      return token;
    },
    failNextToken(status) {
      failToken = status;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
