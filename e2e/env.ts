// Fixed addresses of the browser-test server and its fakes, shared by the config and the specs.
const port = Number(process.env.E2E_PORT ?? 3100)
// The fakes' ports follow the server's, so two harnesses (E2E_PORT=3100 and 3190) can run side by side.
// They stay below 32768, where Linux hands out ephemeral ports for outgoing connections: a fixed
// listener inside that range can find its port taken by any client socket (CI saw EADDRINUSE).
const fakeBase = port + 20100

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
    deepseek: `http://127.0.0.1:${fakeBase + 1}`,
    googleTranslate: `http://127.0.0.1:${fakeBase + 2}`,
    mymemory: `http://127.0.0.1:${fakeBase + 3}`,
    smtpInbox: `http://127.0.0.1:${fakeBase + 5}`,
    alipay: `http://127.0.0.1:${fakeBase + 8}`,
    airwallex: `http://127.0.0.1:${fakeBase + 9}`,
    stt: `http://127.0.0.1:${fakeBase + 10}`,
    tts: `http://127.0.0.1:${fakeBase + 11}`,
  },
  serverEnv: {
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    FAKE_DEEPSEEK_PORT: String(fakeBase + 1),
    FAKE_GOOGLE_TRANSLATE_PORT: String(fakeBase + 2),
    FAKE_MYMEMORY_PORT: String(fakeBase + 3),
    FAKE_SMTP_PORT: String(fakeBase + 4),
    FAKE_SMTP_HTTP_PORT: String(fakeBase + 5),
    FAKE_ALIPAY_PORT: String(fakeBase + 8),
    FAKE_AIRWALLEX_PORT: String(fakeBase + 9),
    FAKE_STT_PORT: String(fakeBase + 10),
    FAKE_TTS_PORT: String(fakeBase + 11),
    FAKE_DEEPSEEK_DELAY_MS: '20',
    // The browser tests use the translation fakes as translators: their lines go into the memory and
    // are reused, as a real service's would (lib/tasks/sandbox-memory.db.test.ts covers the sandbox's rule).
    SANDBOX_TRANSLATORS: 'none',
    // GET /metrics answers only this Bearer token (e2e/metrics.spec.ts).
    METRICS_TOKEN: 'e2e-metrics-token-0123456789',
    NEXT_TELEMETRY_DISABLED: '1',
    // A receiver the webhook spec runs on the loopback address, and its retries a second apart.
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_BASE_MS: '1000',
  } as Record<string, string>,
}
