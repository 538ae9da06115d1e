// `tsx --conditions=react-server test/make-speech-video.ts <file> '<json>'`: writes a speech video
// (see speech-video.ts) and prints where each sentence's sound truly is, as JSON. Browser tests run
// it in a child process: the ffmpeg resolver is server-only, which the Playwright runner is not.
import { makeSpeechVideo } from './speech-video'

const [file, spec] = process.argv.slice(2)
if (!file || !spec) {
  console.error("usage: make-speech-video.ts <file> '{\"sentences\":[{\"text\":\"…\",\"atMs\":1000}],\"totalMs\":20000}'")
  process.exit(2)
}
const { sentences, totalMs, videoKbps } = JSON.parse(spec) as Parameters<typeof makeSpeechVideo>[0]
console.log(JSON.stringify(await makeSpeechVideo({ file, sentences, totalMs, videoKbps })))
