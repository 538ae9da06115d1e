import { execFileSync } from 'node:child_process'
import path from 'node:path'

export type Sentence = { text: string; atMs: number }
export type PlacedSpeech = { text: string; startMs: number; endMs: number }

/**
 * Writes a WebM video of espeak-ng speaking `sentences` at known times (test/speech-video.ts)
 * and answers where each sentence's sound really starts and ends, measured from the samples.
 */
export function makeSpeechVideo(file: string, spec: { sentences: Sentence[]; totalMs: number }): PlacedSpeech[] {
  const tsx = path.resolve('node_modules/.bin/tsx')
  const out = execFileSync(tsx, ['--conditions=react-server', path.resolve('test/make-speech-video.ts'), file, JSON.stringify(spec)], { encoding: 'utf8', timeout: 60_000 })
  return JSON.parse(out.trim().split('\n').pop()!) as PlacedSpeech[]
}

/**
 * Writes the damaged MP4s of test/make-damaged-videos.ts into `dir` (cut.mp4, index-lost.mp4,
 * index-removed.mp4), made by ffmpeg from a real 32 s video.
 */
export function makeDamagedVideos(dir: string): void {
  const tsx = path.resolve('node_modules/.bin/tsx')
  execFileSync(tsx, ['--conditions=react-server', path.resolve('test/make-damaged-videos.ts'), dir], { encoding: 'utf8', timeout: 60_000 })
}

/** An SRT or editor time (`00:01:02,345`) in milliseconds. */
export function timeMs(time: string): number {
  const m = /(\d+):(\d{2}):(\d{2})[,.](\d{3})/.exec(time)
  if (!m) throw new Error(`not a time: ${time}`)
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4])
}
