// A media file's waveform read in the browser, for a task whose sound the extraction never decoded
// (a subtitle file's task with its video opened in the editor): the audio track decoded with
// WebCodecs (mediabunny's AudioSampleSink feeds the browser's AudioDecoder), mixed to mono and
// measured into peaks as it comes. Runs in the peaks worker (peaks-worker.ts), off the page's thread.

import { ALL_FORMATS, AudioSampleSink, BlobSource, Input } from 'mediabunny'
import { PeaksAssembler, PeaksBuilder, type PeakRun, type Peaks } from '@/lib/waveform'

/** The file has no sound the browser decodes: the timeline shows no waveform. */
export class NoSoundError extends Error {}

/** Mixes a decoded sample's channels to one. */
function mono(sample: { numberOfChannels: number; numberOfFrames: number; copyTo(into: Float32Array, options: { planeIndex: number; format: 'f32-planar' }): void }): Float32Array {
  const out = new Float32Array(sample.numberOfFrames)
  const plane = new Float32Array(sample.numberOfFrames)
  for (let c = 0; c < sample.numberOfChannels; c++) {
    sample.copyTo(plane, { planeIndex: c, format: 'f32-planar' })
    for (let i = 0; i < out.length; i++) out[i] += plane[i] / sample.numberOfChannels
  }
  return out
}

/** The file's peaks; `onRun` hears of the buckets completed as the sound is decoded (every `everyMs` of sound). */
export async function scanPeaks(file: Blob, { onRun, everyMs = 5000 }: { onRun?: (run: PeakRun, durationMs: number) => void; everyMs?: number } = {}): Promise<Peaks> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryAudioTrack()
    if (!track || !(await track.canDecode())) throw new NoSoundError(track ? `cannot decode ${track.codec ?? 'this sound'}` : 'no audio track')
    const durationMs = Math.round((await input.computeDuration()) * 1000)
    const assembler = new PeaksAssembler()
    let builder: PeaksBuilder | null = null
    let sentAtMs = 0
    const take = (run: PeakRun | null) => {
      if (!run) return
      assembler.add(run)
      onRun?.(run, durationMs)
    }
    for await (const sample of new AudioSampleSink(track).samples()) {
      try {
        // The sound starts where its first sample does (a video's audio may start after 0).
        builder ??= new PeaksBuilder(sample.sampleRate, Math.max(0, sample.timestamp * 1000))
        builder.push(mono(sample))
        if (builder.endMs - sentAtMs >= everyMs) {
          sentAtMs = builder.endMs
          take(builder.take())
        }
      } finally {
        sample.close()
      }
    }
    take(builder?.finish() ?? null)
    return assembler.peaks(Math.max(durationMs, builder?.endMs ?? 0))
  } finally {
    input.dispose()
  }
}
