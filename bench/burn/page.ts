// The page side of bench:burn: the export's own modules (burn-in, styled renderer, track export),
// bundled by bench/burn/browser.ts and run in Chromium on a file picked through <input type=file>.
// Outputs go to a target that counts bytes and keeps none, as a stream to disk would.
import { StreamTarget } from 'mediabunny'
import { burnSubtitles } from '@/lib/client/video/burn'
import { createStyledRenderer, type StyledCue } from '@/lib/client/video/styled-renderer'
import type { SubtitleRenderer } from '@/lib/client/video/subtitle-renderer'
import { muxSubtitleTracks } from '@/lib/client/video/tracks'
import { presetStyle, type PresetId } from '@/lib/video/styles'

export type PageRun = { ms: number; bytes: number; audio?: string }

function countingTarget() {
  const counter = { bytes: 0 }
  const target = new StreamTarget(new WritableStream({ write: ({ data, position }) => void (counter.bytes = Math.max(counter.bytes, position + data.byteLength)) }))
  return { target, counter }
}

const picked = () => (document.getElementById('pick') as HTMLInputElement).files![0]

/** Nothing drawn: the plain re-encode the burn-in is measured against, same pipeline and settings. */
const NO_SUBTITLES: SubtitleRenderer = { prepare: async () => {}, draw: () => {}, dispose: () => {} }

async function burn({ cues, preset, plain }: { cues: StyledCue[]; preset: PresetId; plain: boolean }): Promise<PageRun> {
  const renderer = plain ? NO_SUBTITLES : createStyledRenderer({ cues, style: presetStyle(preset) })
  const { target, counter } = countingTarget()
  const started = performance.now()
  const { audio } = await burnSubtitles({ source: picked(), renderer, video: { codec: 'avc', quality: 'high' }, target })
  const ms = performance.now() - started
  renderer.dispose()
  return { ms, bytes: counter.bytes, audio }
}

async function tracks({ cues }: { cues: StyledCue[] }): Promise<PageRun> {
  const { target, counter } = countingTarget()
  const started = performance.now()
  await muxSubtitleTracks({
    source: picked(),
    container: 'mkv',
    target,
    tracks: [
      { language: 'fr', title: 'Français', cues: cues.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.translation })) },
      { language: 'en', title: 'English', cues: cues.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.original })) },
    ],
  })
  return { ms: performance.now() - started, bytes: counter.bytes }
}

Object.assign(window, { bench: { burn, tracks } })
