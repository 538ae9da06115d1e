// `tsx --conditions=react-server test/make-cut-speech-video.ts <file> '<json>'`: writes an MP4
// (H.264 and AAC) whose picture has hard cuts at known frames (cut-video.ts: one generated scene
// after another) and whose sound is espeak-ng speaking sentences at known times
// (speech-audio.ts); prints `{ cuts, speech }` as JSON: the frames where each new scene starts and
// where each sentence's sound truly is. The sound is AAC at 128 kbit/s in stereo over a faint room
// tone, as a camera writes it: the upload dialog decodes it for speech (a smaller one it would copy as it is), so its
// extraction workers measure the waveform on the way. The timeline's browser test uses it.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { makeCutVideo, SCENES } from './cut-video'
import { makeRecording, type Sentence } from './speech-audio'

export type CutSpeechSpec = { sentences: Sentence[]; segmentFrames: number[]; width: number; height: number; fps: number }

export async function makeCutSpeechVideo(file: string, { sentences, segmentFrames, width, height, fps }: CutSpeechSpec) {
  const picture = `${file}.picture.mp4`
  const sound = `${file}.sound.wav`
  try {
    // Scenes that differ: moving, still and plain ones (not the slow fractal).
    const scenes = SCENES.filter((s) => !s.startsWith('mandelbrot'))
    const cuts = makeCutVideo(picture, { width, height, fps, segments: segmentFrames.map((frames, i) => ({ source: scenes[i % scenes.length], frames })) })
    const totalMs = (segmentFrames.reduce((a, b) => a + b, 0) * 1000) / fps
    const speech = await makeRecording({ sentences, totalMs, file: sound, format: 'wav', wavRate: 16_000 })
    // A faint room tone under the speech (about -54 dBFS, far below what counts as speech), as a real
    // recording has: digital silence would be encoded as next to nothing.
    const mix = `[1:a]aresample=48000,aformat=channel_layouts=stereo[speech];anoisesrc=c=pink:a=0.002:r=48000:d=${totalMs / 1000},aformat=channel_layouts=stereo[tone];[speech][tone]amix=inputs=2:normalize=0[sound]`
    const run = spawnSync('ffmpeg', ['-v', 'error', '-y', '-i', picture, '-i', sound, '-filter_complex', mix, '-map', '0:v', '-map', '[sound]', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-movflags', '+faststart', file])
    if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr.toString()}`)
    return { cuts, speech }
  } finally {
    rmSync(picture, { force: true })
    rmSync(sound, { force: true })
  }
}

const [file, spec] = process.argv.slice(2)
if (file && spec) console.log(JSON.stringify(await makeCutSpeechVideo(file, JSON.parse(spec) as CutSpeechSpec)))
