// Fixed addresses of the browser-test server and its fakes, shared by the config and the specs.
const port = Number(process.env.E2E_PORT ?? 3100)

export const E2E = {
  port,
  cnUrl: `http://cn.localhost:${port}`,
  intlUrl: `http://intl.localhost:${port}`,
  localUrl: `http://localhost:${port}`,
  /** For Node-side requests: Node does not resolve *.localhost, so send the Host header instead. */
  apiUrl: `http://127.0.0.1:${port}`,
  cnHost: `cn.localhost:${port}`,
  intlHost: `intl.localhost:${port}`,
  fakes: {
    deepseek: 'http://127.0.0.1:47201',
    googleTranslate: 'http://127.0.0.1:47202',
    mymemory: 'http://127.0.0.1:47203',
    smtpInbox: 'http://127.0.0.1:47205',
  },
  serverEnv: {
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    FAKE_DEEPSEEK_PORT: '47201',
    FAKE_GOOGLE_TRANSLATE_PORT: '47202',
    FAKE_MYMEMORY_PORT: '47203',
    FAKE_SMTP_PORT: '47204',
    FAKE_SMTP_HTTP_PORT: '47205',
    FAKE_DEEPSEEK_DELAY_MS: '20',
    NEXT_TELEMETRY_DISABLED: '1',
  } as Record<string, string>,
}
