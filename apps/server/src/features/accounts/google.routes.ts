import {
  emptyReply,
  googleCallbackQuery,
  googleStartQuery,
  providersReply,
  safeReturnPath,
} from '@axle/contract';
import type {} from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityProvider } from '../../adapters/identity/identity-provider.ts';
import { publicCall } from '../../http/access.ts';
import { type AccountsContext, now } from './accounts.context.ts';
import { readSignInFlow, SIGN_IN_FLOW_SECONDS, signSignInFlow } from './google.flow.ts';
import { GOOGLE_PROVIDER, GoogleSignInRefused, signInWithIdentity } from './google.service.ts';
import { signedIn } from './sessions.cookie.ts';

export type GoogleRoutesOptions = {
  ctx: AccountsContext;
  /** Google sign-in; absent when OIDC_CLIENT_ID is not configured. */
  identityProvider: IdentityProvider | undefined;
};

const FLOW_COOKIE = 'axle_sign_in';
const FLOW_COOKIE_PATH = '/api/auth/google';

const tags = ['accounts'];

/** "Sign in with Google": whether it is configured, the way out to Google and the way back. */
export const googleRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (
  app,
  { ctx, identityProvider },
) => {
  const secure = ctx.publicUrl.startsWith('https://');
  const callbackUri = `${ctx.publicUrl}/api/auth/google/callback`;

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        operationId: 'listSignInProviders',
        security: publicCall,
        summary: 'Which social sign-in providers are configured',
        response: { 200: providersReply },
      },
    },
    async () => ({ google: identityProvider !== undefined }),
  );

  app.get(
    '/api/auth/google',
    {
      schema: {
        tags,
        operationId: 'startGoogleSignIn',
        security: publicCall,
        summary: 'Start Google sign-in (a browser navigation); `from` is a path on this site',
        querystring: googleStartQuery,
        response: {
          302: emptyReply("To Google's sign-in page, or back to /login when it is not configured"),
        },
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
      reply.setCookie(FLOW_COOKIE, await signSignInFlow(ctx.accessKey, flow, now(ctx)), {
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
        operationId: 'finishGoogleSignIn',
        security: publicCall,
        summary: 'Where Google sends the browser back',
        querystring: googleCallbackQuery,
        response: {
          302: emptyReply('Signed in and on to the page the sign-in started from, or to /login'),
        },
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
      const flow = cookie ? await readSignInFlow(ctx.accessKey, cookie, now(ctx)) : null;
      if (!identityProvider) return reply.redirect('/login?googleError=not_configured');
      if (!flow) return reply.redirect('/login?googleError=failed');
      try {
        const callbackUrl = new URL(request.url, ctx.publicUrl);
        const profile = await identityProvider.finish(callbackUrl, {
          ...flow,
          redirectUri: callbackUri,
        });
        const session = await signInWithIdentity(ctx, GOOGLE_PROVIDER, profile);
        signedIn(reply, session, secure);
        return reply.redirect(`/auth/complete?from=${encodeURIComponent(flow.from)}`);
      } catch (error) {
        const reason = error instanceof GoogleSignInRefused ? error.reason : 'failed';
        if (!(error instanceof GoogleSignInRefused))
          request.log.warn({ err: error }, 'Google sign-in failed');
        return reply.redirect(`/login?googleError=${reason}`);
      }
    },
  );
};
