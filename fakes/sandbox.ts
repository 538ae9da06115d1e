// Sandbox mode: local fakes that stand in for every outside service that has no real setting, so
// `npm run dev` (and the browser tests) work with no outside account. Each fake adds the settings
// that point the app at it. Real settings always win: a service with a configured key is left alone.
import { startDeepSeekFake, startGoogleTranslateFake, startMyMemoryFake, type FakeServer } from './index'
import { startAirwallexFake } from './airwallex'
import { generateAlipayKeys, startAlipayFake } from './alipay'
import { startOidcFake } from './oidc'
import { startSttFake } from './stt'
import { startTtsFake } from './tts'
import { startWechatFake } from './wechat'

export type Sandbox = { env: Record<string, string>; servers: FakeServer[]; stop(): Promise<void> }

const port = (name: string) => Number(process.env[name] ?? 0)

type Service = {
  /** The translation service this fake stands in for (its lines are placeholders, kept out of the memory). */
  translator?: string
  /** Whether the real service is configured (then no fake is started). */
  isConfigured: (env: NodeJS.ProcessEnv) => boolean
  start: () => Promise<{ server: FakeServer; env: Record<string, string> }>
}

// Accounts, payments and storage fakes add their entries to this list.
const SERVICES: Service[] = [
  {
    translator: 'deepseek',
    isConfigured: (env) => Boolean(env.DEEPSEEK_API_KEY),
    start: async () => {
      const apiKey = 'sk-sandbox-deepseek'
      const server = await startDeepSeekFake({ apiKey, port: port('FAKE_DEEPSEEK_PORT'), delayMs: Number(process.env.FAKE_DEEPSEEK_DELAY_MS ?? 150) })
      return { server, env: { DEEPSEEK_API_KEY: apiKey, DEEPSEEK_BASE_URL: server.url } }
    },
  },
  {
    translator: 'google',
    isConfigured: (env) => Boolean(env.GOOGLE_TRANSLATE_API_KEY),
    start: async () => {
      const apiKey = 'sandbox-google-key'
      const server = await startGoogleTranslateFake({ apiKey, port: port('FAKE_GOOGLE_TRANSLATE_PORT') })
      return { server, env: { GOOGLE_TRANSLATE_API_KEY: apiKey, GOOGLE_TRANSLATE_BASE_URL: server.url } }
    },
  },
  {
    // Speech to text: answers sandbox words at the true times of the speech it hears.
    isConfigured: (env) => Boolean(env.STT_API_KEY),
    start: async () => {
      const apiKey = 'sk-sandbox-stt'
      const server = await startSttFake({ apiKey, port: port('FAKE_STT_PORT'), delayMs: Number(process.env.FAKE_STT_DELAY_MS ?? 0) })
      return { server, env: { STT_API_KEY: apiKey, STT_BASE_URL: server.url } }
    },
  },
  {
    // Text to speech for dubs: espeak-ng speaks each line offline, a pitch per voice.
    isConfigured: (env) => Boolean(env.TTS_API_KEY),
    start: async () => {
      const apiKey = 'sk-sandbox-tts'
      const server = await startTtsFake({ apiKey, port: port('FAKE_TTS_PORT'), delayMs: Number(process.env.FAKE_TTS_DELAY_MS ?? 0) })
      return { server, env: { TTS_API_KEY: apiKey, TTS_BASE_URL: `${server.url}/v1` } }
    },
  },
  {
    translator: 'mymemory',
    isConfigured: (env) => Boolean(env.MYMEMORY_BASE_URL),
    start: async () => {
      const server = await startMyMemoryFake({ port: port('FAKE_MYMEMORY_PORT') })
      return { server, env: { MYMEMORY_BASE_URL: server.url } }
    },
  },
  {
    // WeChat website login: the login page frames this fake's QR panel instead of WeChat's script.
    isConfigured: (env) => Boolean(env.WECHAT_APP_ID),
    start: async () => {
      const appId = 'wx-sandbox-app'
      const secret = 'sandbox-wechat-secret'
      const server = await startWechatFake({ appId, secret, port: port('FAKE_WECHAT_PORT') })
      return { server, env: { WECHAT_APP_ID: appId, WECHAT_APP_SECRET: secret, WECHAT_OPEN_BASE_URL: server.url, WECHAT_API_BASE_URL: server.url } }
    },
  },
  {
    // Google sign-in: a local OpenID provider that approves every sign-in for one test user.
    isConfigured: (env) => Boolean(env.GOOGLE_CLIENT_ID),
    start: async () => {
      const server = await startOidcFake({ port: port('FAKE_OIDC_PORT') })
      return { server, env: { GOOGLE_CLIENT_ID: 'sandbox-google-client', GOOGLE_CLIENT_SECRET: 'sandbox-google-secret', GOOGLE_ISSUER_URL: server.url } }
    },
  },
  {
    // Alipay: fresh key pairs each start; the app signs with its key, the fake with Alipay's.
    isConfigured: (env) => Boolean(env.ALIPAY_APP_ID),
    start: async () => {
      const keys = generateAlipayKeys()
      const appId = '9021000000000001'
      const server = await startAlipayFake({ appId, appPublicKey: keys.appPublicKey, alipayPrivateKey: keys.alipayPrivateKey, port: port('FAKE_ALIPAY_PORT') })
      return { server, env: { ALIPAY_APP_ID: appId, ALIPAY_PRIVATE_KEY: keys.appPrivateKey, ALIPAY_PUBLIC_KEY: keys.alipayPublicKey, ALIPAY_GATEWAY: server.gateway } }
    },
  },
  {
    // Airwallex: webhooks go to this app's own port, as the dashboard's webhook setting would.
    isConfigured: (env) => Boolean(env.AIRWALLEX_CLIENT_ID),
    start: async () => {
      const secret = 'whsec_sandbox_airwallex'
      const server = await startAirwallexFake({
        clientId: 'sandbox-airwallex-client',
        apiKey: 'sandbox-airwallex-key',
        webhookSecret: secret,
        webhookUrl: `http://127.0.0.1:${process.env.PORT || 3000}/api/wallex/webhook`,
        port: port('FAKE_AIRWALLEX_PORT'),
      })
      return {
        server,
        env: { AIRWALLEX_CLIENT_ID: 'sandbox-airwallex-client', AIRWALLEX_API_KEY: 'sandbox-airwallex-key', AIRWALLEX_WEBHOOK_SECRET: secret, AIRWALLEX_BASE_URL: server.url, AIRWALLEX_CHECKOUT_URL: server.url },
      }
    },
  },
]

/** Starts a fake for every service without real settings; returns the settings that point at them. */
export async function startSandbox(env: NodeJS.ProcessEnv = process.env): Promise<Sandbox> {
  const servers: FakeServer[] = []
  const overrides: Record<string, string> = { SANDBOX: '1' }
  const translators: string[] = []
  for (const service of SERVICES) {
    if (service.isConfigured(env)) continue
    const started = await service.start()
    servers.push(started.server)
    Object.assign(overrides, started.env)
    if (service.translator) translators.push(service.translator)
  }
  // A setting of its own wins here too (the browser tests treat the fakes as real translators).
  if (!env.SANDBOX_TRANSLATORS) overrides.SANDBOX_TRANSLATORS = translators.join(',')
  return { env: overrides, servers, stop: async () => void (await Promise.all(servers.map((s) => s.close()))) }
}
