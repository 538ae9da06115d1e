import 'server-only'
import * as client from 'openid-client'
import { env } from '@/lib/env'
import { isLocalHost } from '@/lib/site/hosts'
import type { GoogleProfile } from '@/lib/accounts/external'

export const GOOGLE_FLOW_COOKIE = 'ss_oidc'
export type GoogleFlow = { verifier: string; state: string; nonce: string; landing: string }

let configPromise: Promise<client.Configuration> | undefined

/** Whether Google sign-in is switched on and configured (the host rule is checked by the caller). */
export function isGoogleConfigured(): boolean {
  const e = env()
  return e.FEATURE_GOOGLE_LOGIN && Boolean(e.GOOGLE_CLIENT_ID)
}

/** The issuer's configuration, discovered once per process (and again after a failure). */
function googleConfig(): Promise<client.Configuration> {
  const e = env()
  const issuer = new URL(e.GOOGLE_ISSUER_URL)
  // Plain http is only ever a local test provider; the real issuer is https.
  const isLocal = issuer.protocol === 'http:' && isLocalHost(issuer.hostname)
  configPromise ??= client
    .discovery(issuer, e.GOOGLE_CLIENT_ID!, e.GOOGLE_CLIENT_SECRET, undefined, {
      execute: isLocal ? [client.allowInsecureRequests] : [],
      timeout: 10,
    })
    .catch((error) => {
      configPromise = undefined
      throw error
    })
  return configPromise
}

/**
 * Starts an OpenID Connect sign-in: returns the provider URL and the state to keep in a cookie.
 * Rule: authorization code flow with PKCE (S256), a random state and a nonce, every time.
 */
export async function startGoogleSignIn({ callbackUrl, landing }: { callbackUrl: string; landing: string }) {
  const config = await googleConfig()
  const verifier = client.randomPKCECodeVerifier()
  const flow: GoogleFlow = { verifier, state: client.randomState(), nonce: client.randomNonce(), landing }
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  })
  return { url, flow }
}

/**
 * Finishes a sign-in: exchanges the code (checking state, PKCE, nonce and the ID token's signature,
 * issuer, audience and expiry) and returns the person's Google profile.
 */
export async function finishGoogleSignIn({ currentUrl, flow }: { currentUrl: URL; flow: GoogleFlow }): Promise<GoogleProfile> {
  const config = await googleConfig()
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  })
  const claims = tokens.claims()
  if (!claims) throw new Error('Google answered without an ID token')
  let info: Record<string, unknown> = claims
  if (typeof claims.email !== 'string') {
    info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims }
  }
  return {
    sub: claims.sub,
    email: typeof info.email === 'string' ? info.email : undefined,
    isEmailVerified: info.email_verified === true || info.email_verified === 'true',
    name: typeof info.name === 'string' ? info.name : undefined,
    picture: typeof info.picture === 'string' && info.picture.startsWith('https://') ? info.picture : undefined,
  }
}
