import { z } from 'zod'
import { isOn, OFF_VALUES, ON_VALUES } from './on-off'

const optional = z.string().trim().min(1).optional()
const url = (fallback: string) => z.url().default(fallback)
const flag = (fallback: boolean) =>
  z
    .enum([...ON_VALUES, ...OFF_VALUES])
    .default(fallback ? 'true' : 'false')
    .transform(isOn)
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** Every setting of the configuration contract (README), with the development defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  SANDBOX: flag(false),
  /** The translation services the sandbox stands in for with its fakes (set by fakes/sandbox.ts): their lines are placeholders. */
  SANDBOX_TRANSLATORS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean)),

  SITE_HOST_CN: z.string().default('cn.localhost'),
  SITE_HOST_INTL: z.string().default('intl.localhost'),
  SITE_PRODUCTION_HOST: optional,

  DEEPSEEK_API_KEY: optional,
  DEEPSEEK_BASE_URL: url('https://api.deepseek.com'),
  DEEPSEEK_MODEL: z.string().default('deepseek-flash'),
  GOOGLE_TRANSLATE_API_KEY: optional,
  GOOGLE_TRANSLATE_BASE_URL: url('https://translation.googleapis.com'),
  MYMEMORY_BASE_URL: url('https://api.mymemory.translated.net'),
  MYMEMORY_EMAIL: optional,
  // Unset: batches are sized by source tokens (lib/translate/tokens.ts); set: cues per request.
  TRANSLATION_BATCH_SIZE: z.coerce.number().int().positive().optional(),
  TRANSLATION_CONCURRENCY: positiveInt(8),
  // Speech to text: any OpenAI-compatible /audio/transcriptions API (OpenAI, Groq, a Whisper server).
  STT_API_KEY: optional,
  STT_BASE_URL: url('https://api.openai.com/v1'),
  STT_MODEL: z.string().default('whisper-1'),
  // Speaker labels: `openai` speaks OpenAI's diarization protocol (gpt-4o-transcribe-diarize,
  // diarized_json, known-speaker references); `off` does not ask. Unset: on when STT_MODEL diarizes.
  STT_DIARIZE: z.enum(['off', 'openai']).optional(),
  // Chunks of one recording transcribed at once.
  STT_CONCURRENCY: positiveInt(4),
  // Text to speech for dubs: any OpenAI-compatible /audio/speech API (OpenAI, Kokoro-FastAPI, LocalAI).
  TTS_API_KEY: optional,
  TTS_BASE_URL: url('https://api.openai.com/v1'),
  TTS_MODEL: z.string().default('tts-1'),
  // The provider's voice names, comma-separated; unset: OpenAI's.
  TTS_VOICES: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined)),
  // Phrases of one dub spoken at once.
  TTS_CONCURRENCY: positiveInt(4),
  // The longest a recording's check (ffprobe, then decoding it whole) may take before it is refused.
  MEDIA_CHECK_TIMEOUT_MS: positiveInt(120_000),

  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Subtitle Studio <no-reply@localhost>'),

  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: url('https://accounts.google.com'),
  WECHAT_APP_ID: optional,
  WECHAT_APP_SECRET: optional,
  WECHAT_OPEN_BASE_URL: url('https://open.weixin.qq.com'),
  WECHAT_API_BASE_URL: url('https://api.weixin.qq.com'),

  ALIPAY_APP_ID: optional,
  ALIPAY_PRIVATE_KEY: optional,
  ALIPAY_PUBLIC_KEY: optional,
  ALIPAY_GATEWAY: url('https://openapi.alipay.com/gateway.do'),
  AIRWALLEX_CLIENT_ID: optional,
  AIRWALLEX_API_KEY: optional,
  AIRWALLEX_BASE_URL: url('https://api.airwallex.com'),
  AIRWALLEX_WEBHOOK_SECRET: optional,
  AIRWALLEX_CHECKOUT_URL: z.url().optional(),
  PAYMENT_RECONCILE_INTERVAL_S: positiveInt(300),

  STORAGE_DRIVER: z.enum(['local', 'oss']).default('local'),
  STORAGE_DIR: z.string().default('.data/storage'),
  // Recordings' sound arriving in parts (tus uploads, lib/uploads): web and worker processes share it.
  UPLOAD_DIR: z.string().default('.data/uploads'),
  // A part that does not grow by 16 KB for this long is taken as ending there: its task transcribes what came.
  UPLOAD_STALL_MS: positiveInt(3 * 60_000),
  // A transcription whose parts bring nothing new for this long gives its worker slot back until they do.
  UPLOAD_PARK_MS: positiveInt(10_000),
  // Bytes of parts a user may keep that no task has taken yet (one recording of the largest size, and room).
  UPLOAD_QUOTA_BYTES: positiveInt(256 * 1024 * 1024),
  OSS_REGION: optional,
  OSS_BUCKET: optional,
  OSS_ENDPOINT: optional,
  OSS_ACCESS_KEY_ID: optional,
  OSS_ACCESS_KEY_SECRET: optional,
  OSS_STS_ROLE_ARN: optional,
  STS_BASE_URL: url('https://sts.aliyuncs.com'),

  FEATURE_GOOGLE_TRANSLATION: flag(true),
  FEATURE_POINTS_PURCHASE: flag(true),
  FEATURE_GOOGLE_LOGIN: flag(true),

  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  PORT: positiveInt(3000),
  TRUST_PROXY: flag(false),

  // GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers 404.
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  // The worker process (`npm run worker`) serves its own /metrics on this port when set.
  METRICS_PORT: z.coerce.number().int().positive().max(65535).optional(),
  // Traces go to this OTLP/HTTP collector (`{endpoint}/v1/traces`) when set; off otherwise.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().default('subtitle-studio'),

  // Webhooks: the first gap before a failed delivery is tried again (each next gap 5 times longer),
  // and the hosts that may receive them although they are on a private, loopback or link-local
  // address (comma-separated, as typed in the endpoint's URL: self-hosting, tests).
  WEBHOOK_RETRY_BASE_MS: positiveInt(5000),
  WEBHOOK_ALLOW_HOSTS: z.string().default(''),
})

export type Env = z.infer<typeof envSchema>

/** Settings a production start cannot do without (sandbox providers are never used there). */
export function missingProductionSettings(env: Env): string[] {
  const missing: string[] = []
  if (!env.DEEPSEEK_API_KEY) missing.push('DEEPSEEK_API_KEY')
  if (env.STORAGE_DRIVER === 'oss') {
    for (const key of ['OSS_REGION', 'OSS_BUCKET', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET'] as const) {
      if (!env[key]) missing.push(key)
    }
  }
  if (env.FEATURE_POINTS_PURCHASE) {
    // Selling points needs both providers for real: Alipay and card payments through Airwallex.
    for (const key of ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'AIRWALLEX_CLIENT_ID', 'AIRWALLEX_API_KEY', 'AIRWALLEX_WEBHOOK_SECRET'] as const) {
      if (!env[key]) missing.push(key)
    }
  }
  if (env.SANDBOX) missing.push('SANDBOX must be off')
  return missing
}
