// A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 over http, for the Google sign-in
// tests. Its development interactions stand in for the provider's login and consent pages, and
// `completeLogin` drives them over HTTP like a browser would.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

export type TestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProviderOptions = {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** More registered clients, e.g. to obtain a code issued to someone else. */
  otherClients?: TestClient[];
  accounts?: TestAccount[];
  /** false: profile claims only at userinfo, as the OpenID Connect default. Default true (Google). */
  claimsInIdToken?: boolean;
  /** A fixed port (e.g. to start the provider after a client first found it down). Default: free. */
  port?: number;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By `sub` (the login name in `completeLogin`); add or change accounts at any time. */
  accounts: Map<string, TestAccount>;
  /**
   * Signs in as `accountId` and consents, starting from an authorization URL of this provider.
   * Resolves with the provider's redirect to the client: `redirect_uri?code=…&state=…&iss=…`
   * (or `?error=…`).
   */
  completeLogin(authorizationUrl: string | URL, accountId: string): Promise<URL>;
  /** Re-signs the next ID token from the token endpoint with the provider's key, changed. */
  tamperNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  stop(): Promise<void>;
};

// oidc-provider ships no type definitions: the little used here, typed by hand.
type KoaContext = { path: string; status: number; body: unknown };
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
type Provider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: Middleware): void;
};
type ProviderModule = { default: new (issuer: string, configuration: object) => Provider };

const signingAlgorithm = 'RS256';

export async function startTestOidcProvider(
  options: TestOidcProviderOptions,
): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'axle-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));
  const clients = [{ clientId, clientSecret, redirectUris: options.redirectUris }];
  clients.push(...(options.otherClients ?? []));

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm, use: 'sig' };

  // Imported by a name in a variable: a literal name would make TypeScript look for its types.
  const packageName = 'oidc-provider';
  const { default: Provider } = (await import(packageName)) as ProviderModule;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) also keep the provider from printing a notice for each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return Object.fromEntries(
            Object.entries({ ...account, sub: id }).filter(([, value]) => value !== undefined),
          );
        },
      };
    },
  });

  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (!tamper || ctx.path !== '/token' || ctx.status !== 200) return;
    if (typeof body?.id_token !== 'string') return;
    const claims = tamper(decodeJwt(body.id_token));
    tamper = undefined;
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: signingAlgorithm, kid })
      .sign(privateKey);
    ctx.body = { ...body, id_token: idToken };
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    completeLogin: (authorizationUrl, accountId) =>
      completeLogin(issuer, clients, accounts, new URL(authorizationUrl), accountId),
    tamperNextIdToken(change) {
      tamper = change;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

async function completeLogin(
  issuer: string,
  clients: TestClient[],
  accounts: Map<string, TestAccount>,
  authorizationUrl: URL,
  accountId: string,
): Promise<URL> {
  const origin = new URL(issuer).origin;
  if (authorizationUrl.origin !== origin) {
    throw new Error(`${authorizationUrl.href} is not an URL of the test provider ${issuer}`);
  }
  if (!accounts.has(accountId)) throw new Error(`The test provider has no account ${accountId}`);
  const redirectUris = new Set(clients.flatMap((client) => client.redirectUris));
  const isRedirectToClient = (url: URL) =>
    url.origin !== origin || redirectUris.has(`${url.origin}${url.pathname}`);

  const cookies = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  // A browser's way through: authorization → login form → resume → consent form → resume → client.
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: cookies.header(url) },
    });
    cookies.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      form = undefined;
      if (isRedirectToClient(url)) return url;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
    if (!response.ok || !action || !prompt) {
      throw new Error(`The test provider answered ${response.status} at ${url.href}: ${html}`);
    }
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', accountId);
      form.set('password', 'any');
    }
  }
  throw new Error('The test provider did not redirect back to the client');
}

/** Just enough of a browser's cookie store for one origin: names, paths and deletions. */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        const lower = key.toLowerCase();
        if (lower === 'path') path = attributeValue;
        if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf(';'))}=${cookie.value}`)
      .join('; ');
  }
}
