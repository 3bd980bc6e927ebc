import {
  adminParams,
  adminReply,
  authMessages,
  authReply,
  checkEmailReply,
  errorReply,
  googleStartQuery,
  loginBody,
  meReply,
  messageReply,
  passwordResetBody,
  passwordResetConfirmBody,
  providersReply,
  registerBody,
  resendSignUpBody,
  safeReturnPath,
  tokenReply,
  userSyncBody,
  userSyncParams,
  userSyncReply,
  verifyEmailBody,
} from '@axle/contract';
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityProvider } from '../../adapters/identity/identity-provider.ts';
import { TooManyRequests, Unauthorized } from '../../domain/errors.ts';
import { requireSignedIn } from '../../http/auth.ts';
import { type FailureCounter, type Limit, limitAlso, limitRoute } from '../../http/rate-limit.ts';
import {
  type AccountsContext,
  confirmPasswordReset,
  GOOGLE_PROVIDER,
  GoogleSignInRefused,
  getAccount,
  isAdmin,
  logIn,
  logOut,
  refresh,
  register,
  requestPasswordReset,
  resendSignUpMail,
  resendVerification,
  type SignedIn,
  signInWithIdentity,
  syncUser,
  verifyEmail,
} from './accounts.service.ts';
import { readSignInFlow, SIGN_IN_FLOW_SECONDS, signSignInFlow } from './accounts.tokens.ts';

export const defaultAuthLimits = {
  loginPerIp: { max: 50, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  resetPerIp: { max: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  confirmPerIp: { max: 30, windowSeconds: 60 * 60 },
  verifyPerIp: { max: 30, windowSeconds: 60 * 60 },
  resendPerIp: { max: 20, windowSeconds: 60 * 60 },
  resendPerAccount: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;
export type AuthLimits = typeof defaultAuthLimits;

/** Every limit allows `factor` times as many events (RATE_LIMIT_SCALE), in the same windows. */
export function scaleAuthLimits(limits: AuthLimits, factor: number): AuthLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, { ...limit, max: limit.max * factor }]),
  ) as AuthLimits;
}

export type AccountsRoutesOptions = {
  ctx: AccountsContext;
  limits: AuthLimits;
  /** Failed sign-ins per account (the app's, shared through Redis when configured). */
  signInFailures: FailureCounter;
  /** Google sign-in; absent when OIDC_CLIENT_ID is not configured. */
  identityProvider: IdentityProvider | undefined;
};

const REFRESH_COOKIE = 'axle_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
const FLOW_COOKIE = 'axle_sign_in';
const FLOW_COOKIE_PATH = '/api/auth/google';

const tags = ['accounts'];
const bearer = [{ bearerAuth: [] }];
const tooMany = authMessages.tooManyAttempts;

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  options,
) => {
  const { ctx, limits, signInFailures, identityProvider } = options;
  const secure = ctx.publicUrl.startsWith('https://');
  const account = (email: string) => email.trim().toLowerCase();
  // Per caller address in each route's config; per account where the handler asks.
  const perAddress = (limit: Limit) => limitRoute(limit, tooMany);
  const resendsPerAccount = limitAlso(
    app,
    'resend:email',
    limits.resendPerAccount,
    tooMany,
    (request: { body: { email: string } }) => account(request.body.email),
  );
  const resetsPerAccount = limitAlso(
    app,
    'reset:account',
    limits.resetPerAccount,
    tooMany,
    (request: { body: { email: string } }) => account(request.body.email),
  );

  const signedIn = (reply: FastifyReply, session: SignedIn) => {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      expires: session.sessionExpiresAt,
    });
    return { user: session.user, token: session.token };
  };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
    });

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: perAddress(limits.registerPerIp) },
      schema: {
        tags,
        summary: 'Create an account with e-mail and password',
        description:
          'The same 202 "check your e-mail" for every address, and no session: a new address gets ' +
          'a verification link whose use signs it in (`from`, a path on this site, rides along); ' +
          'an address that already has an account changes nothing, and its owner is warned.',
        body: registerBody,
        response: { 202: checkEmailReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await register(ctx, request.body);
      return reply.code(202).send({ message: authMessages.checkEmail });
    },
  );

  app.post(
    '/api/auth/register/resend',
    {
      config: { rateLimit: perAddress(limits.resendPerIp) },
      schema: {
        tags,
        summary: "Send sign-up's e-mail again (same answer for any address)",
        body: resendSignUpBody,
        response: { 202: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await resendsPerAccount(request);
      await resendSignUpMail(ctx, request.body);
      return reply.code(202).send({ message: authMessages.signUpMailResent });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: perAddress(limits.loginPerIp) },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: authReply, 400: errorReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const accountKey = `login:account:${account(request.body.email)}`;
      const wait = await signInFailures.blocked(accountKey, limits.loginFailuresPerAccount);
      if (wait !== null) throw new TooManyRequests(tooMany(Math.ceil(wait / 60)), wait);
      try {
        const session = await logIn(ctx, request.body);
        await signInFailures.clear(accountKey);
        return reply.send(signedIn(reply, session));
      } catch (error) {
        await signInFailures.fail(accountKey, limits.loginFailuresPerAccount);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: 'A new access token for the refresh-token cookie (which is rotated)',
        response: { 200: tokenReply, 401: errorReply },
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      try {
        if (!token) throw new Unauthorized(authMessages.sessionEnded);
        const session = await refresh(ctx, token);
        return reply.send({ token: signedIn(reply, session).token });
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: ends the session of the refresh-token cookie',
      },
    },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await logOut(ctx, token);
      clearRefreshCookie(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: requireSignedIn,

      schema: {
        tags,
        security: bearer,
        summary: 'The signed-in user',
        response: { 200: meReply, 401: errorReply },
      },
    },
    async (request) => ({ user: await getAccount(ctx, (await request.currentUser()).id) }),
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        summary: 'Which social sign-in providers are configured',
        response: { 200: providersReply },
      },
    },
    async () => ({ google: identityProvider !== undefined }),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { rateLimit: perAddress(limits.resetPerIp) },
      schema: {
        tags,
        summary: 'E-mail a single-use link to reset the password (same answer for any address)',
        body: passwordResetBody,
        response: { 202: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      await resetsPerAccount(request);
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(202).send({ message: authMessages.resetSent });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { rateLimit: perAddress(limits.confirmPerIp) },
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed link; ends every session of the account',
        body: passwordResetConfirmBody,
        response: { 200: messageReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request.body);
      return { message: authMessages.resetDone };
    },
  );

  // POST, not GET: mail scanners fetch the links in an e-mail, and that must not sign anyone in.
  // The link opens the web page, which posts the token.
  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: perAddress(limits.verifyPerIp) },
      schema: {
        tags,
        summary: 'Verify the e-mail address with the e-mailed link, and sign in (once per link)',
        body: verifyEmailBody,
        response: { 200: authReply, 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      return reply.send(signedIn(reply, await verifyEmail(ctx, request.body.token)));
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      onRequest: requireSignedIn,
      config: {
        rateLimit: limitRoute(
          limits.resendPerAccount,
          tooMany,
          async (request) => (await request.currentUser()).id,
        ),
      },
      schema: {
        tags,
        security: bearer,
        summary: 'Send the verification link again',
        response: { 202: messageReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      return reply.code(202).send({ message: await resendVerification(ctx, user.id) });
    },
  );

  const callbackUri = `${ctx.publicUrl}/api/auth/google/callback`;

  app.get(
    '/api/auth/google',
    {
      schema: {
        tags,
        summary: 'Start Google sign-in (a browser navigation); `from` is a path on this site',
        querystring: googleStartQuery,
      },
    },
    async (request, reply) => {
      if (!identityProvider) return reply.redirect('/login?googleError=not_configured');
      const started = await identityProvider.start(callbackUri);
      const flow = {
        state: started.state,
        nonce: started.nonce,
        codeVerifier: started.codeVerifier,
        from: safeReturnPath(request.query.from),
      };
      // Lax, not Strict: the provider sends the browser back with a cross-site navigation.
      reply.setCookie(FLOW_COOKIE, await signSignInFlow(ctx.accessKey, flow), {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: SIGN_IN_FLOW_SECONDS,
      });
      return reply.redirect(started.url);
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags,
        summary: 'Where Google sends the browser back',
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const flow = cookie ? await readSignInFlow(ctx.accessKey, cookie) : null;
      if (!identityProvider) return reply.redirect('/login?googleError=not_configured');
      if (!flow) return reply.redirect('/login?googleError=failed');
      try {
        const callbackUrl = new URL(request.url, ctx.publicUrl);
        const profile = await identityProvider.finish(callbackUrl, {
          ...flow,
          redirectUri: callbackUri,
        });
        const session = await signInWithIdentity(ctx, GOOGLE_PROVIDER, profile);
        signedIn(reply, session);
        return reply.redirect(`/auth/complete?from=${encodeURIComponent(flow.from)}`);
      } catch (error) {
        const reason = error instanceof GoogleSignInRefused ? error.reason : 'failed';
        if (!(error instanceof GoogleSignInRefused))
          request.log.warn({ err: error }, 'Google sign-in failed');
        return reply.redirect(`/login?googleError=${reason}`);
      }
    },
  );

  app.put(
    '/api/user/:email',
    {
      onRequest: requireSignedIn,

      schema: {
        tags,
        security: bearer,
        summary: 'User sync after sign-in (SPEC §7): only your own account; returns a fresh token',
        params: userSyncParams,
        body: userSyncBody,
        response: { 200: userSyncReply, 400: errorReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) =>
      syncUser(ctx, await request.currentUser(), request.params.email, request.body),
  );

  app.get(
    '/api/admin/:email',
    {
      onRequest: requireSignedIn,

      schema: {
        tags,
        security: bearer,
        summary: 'Whether an account is an admin (SPEC §7); a customer may ask only about themself',
        params: adminParams,
        response: { 200: adminReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => ({
      admin: await isAdmin(ctx, await request.currentUser(), request.params.email),
    }),
  );
};
