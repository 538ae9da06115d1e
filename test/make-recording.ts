// `tsx --conditions=react-server test/make-recording.ts <file> '<json>'`: writes a recording of
// espeak-ng speech (speech-audio.ts, Opus in Ogg) and prints where each sentence's sound truly is,
// as JSON. Browser tests run it in a child process: the ffmpeg resolver is server-only.
import { makeRecording } from './speech-audio'

const [file, spec] = process.argv.slice(2)
if (!file || !spec) {
  console.error("usage: make-recording.ts <file> '{\"sentences\":[{\"text\":\"…\",\"atMs\":1000}],\"totalMs\":20000}'")
  process.exit(2)
}
const { sentences, totalMs } = JSON.parse(spec) as Parameters<typeof makeRecording>[0]
console.log(JSON.stringify(await makeRecording({ file, sentences, totalMs })))
