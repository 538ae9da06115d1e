import { startDeepSeekFake, startGoogleTranslateFake, startMyMemoryFake, startSttFake, startTtsFake, type FakeServer } from './index'

// Keys the sandbox (and browser tests) use against these fakes; real keys never belong here.
const DEEPSEEK_KEY = process.env.FAKE_DEEPSEEK_API_KEY ?? 'sk-fake-deepseek'
const GOOGLE_KEY = process.env.FAKE_GOOGLE_TRANSLATE_API_KEY ?? 'fake-google-key'
const STT_KEY = process.env.FAKE_STT_API_KEY ?? 'sk-fake-stt'
const TTS_KEY = process.env.FAKE_TTS_API_KEY ?? 'sk-fake-tts'

const portFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number`)
  return value
}

/** Starts every translation fake on its fixed port and prints where each one listens. */
async function main() {
  const servers: FakeServer[] = [
    await startDeepSeekFake({ apiKey: DEEPSEEK_KEY, port: portFrom('FAKE_DEEPSEEK_PORT', 4101) }),
    await startGoogleTranslateFake({ apiKey: GOOGLE_KEY, port: portFrom('FAKE_GOOGLE_TRANSLATE_PORT', 4102) }),
    await startMyMemoryFake({ port: portFrom('FAKE_MYMEMORY_PORT', 4103) }),
    await startSttFake({ apiKey: STT_KEY, port: portFrom('FAKE_STT_PORT', 4104) }),
    await startTtsFake({ apiKey: TTS_KEY, port: portFrom('FAKE_TTS_PORT', 4105) }),
  ]
  for (const server of servers) console.log(`fake ${server.name} listening on ${server.url}`)
  console.log(`DEEPSEEK_API_KEY=${DEEPSEEK_KEY} GOOGLE_TRANSLATE_API_KEY=${GOOGLE_KEY} STT_API_KEY=${STT_KEY} TTS_API_KEY=${TTS_KEY}`)

  const stop = async () => {
    await Promise.all(servers.map((s) => s.close()))
    process.exit(0)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
