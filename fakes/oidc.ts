import { OAuth2Server } from 'oauth2-mock-server'
import type { FakeServer } from './server'
import { createFaultController } from './faults'

export type OidcFakeUser = { sub: string; email: string; name: string; isEmailVerified?: boolean }

export const DEFAULT_OIDC_USER: OidcFakeUser = { sub: 'sandbox-google-user', email: 'google.tester@example.com', name: 'Google Tester' }

/**
 * Starts a local OpenID provider (oauth2-mock-server) standing in for Google. Rule: every sign-in
 * is approved at once for `user` (change it with `setUser`); ID tokens and userinfo carry its
 * sub, email, email_verified and name. oauth2-mock-server checks neither client secrets nor redirect URIs, so our own tests cover those.
 */
export async function startOidcFake({ port = 0, user = DEFAULT_OIDC_USER }: { port?: number; user?: OidcFakeUser } = {}) {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  let current = user
  const claims = () => ({ sub: current.sub, email: current.email, email_verified: current.isEmailVerified ?? true, name: current.name })
  server.service.on('beforeTokenSigning', (token) => {
    // Access tokens and ID tokens both pass here; only ID tokens carry a nonce or an audience.
    Object.assign(token.payload, claims())
  })
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims()
  })
  await server.start(port, '127.0.0.1')
  const address = server.address()
  const url = server.issuer.url ?? `http://127.0.0.1:${address.port}`
  let requests = 0
  server.service.on('beforeResponse', () => {
    requests += 1
  })
  const fake: FakeServer & { setUser(next: OidcFakeUser): void } = {
    name: 'oidc',
    url,
    port: address.port,
    faults: createFaultController(),
    get stats() {
      return { requests, inFlight: 0, maxInFlight: 0, faultsInjected: 0, counters: {}, log: [] }
    },
    resetStats() {
      requests = 0
    },
    close: () => server.stop(),
    setUser(next) {
      current = next
    },
  }
  return fake
}
