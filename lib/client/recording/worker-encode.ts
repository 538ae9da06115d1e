// One part of a recording decoded and encoded again for speech, inside a worker: mixed down to mono,
// resampled to 16 kHz and encoded as Opus with the cheapest settings that keep speech clear
// (SPEECH_ENCODING), on the part's own timeline (its time 0 is the part's start in the recording).
// Gaps in the source's timestamps become silence, so time t in the output stays time t in the video.

import { ALL_FORMATS, AudioSample, AudioSampleSource, BlobSource, Input, Quality } from 'mediabunny'
import { SPEECH_ENCODING } from './extraction-plan'
import { WorkerProblem } from './extract-protocol'
import { MonoResampler } from './mono-16k'
import { findSplit } from './worker-split'
import { joined, planarChannels } from './worker-samples'
import { decodedSamples } from './worker-decode'
import { streamedOutput } from './worker-output'

export type PartRun = {
  file: Blob
  startMs: number
  /** Where the part ends at the earliest (the middle of the recording for a first half). */
  nominalEndMs: number
  /** The part's end, once known (the next part says where it starts, at or after the nominal end). */
  endMs: () => Promise<number>
  findStart: boolean
  onStart: (startMs: number) => void
  onData: (bytes: Uint8Array) => void
  onProgress: (doneMs: number) => void
  /** Each piece of the mono 16 kHz sound as it is made (the timeline's waveform is measured on it). */
  onMono?: (mono: Float32Array) => void
}

const RATE = SPEECH_ENCODING.sampleRate
/** Frames handed to the encoder at once: one call per second of sound instead of one per 20 ms packet. */
const BATCH = RATE

export async function encodePart(run: PartRun): Promise<number> {
  const input = new Input({ source: new BlobSource(run.file), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryAudioTrack()
    if (!track) throw new WorkerProblem('noAudio', 'no audio track')
    const startMs = run.findStart ? await findSplit(track, run.startMs) : run.startMs
    run.onStart(startMs)
    const source = new AudioSampleSource({
      codec: 'opus',
      quality: new Quality({ bitrate: SPEECH_ENCODING.bitrate }),
      onEncoderConfig: (config) => void Object.assign(config, { opus: { complexity: SPEECH_ENCODING.complexity, frameDuration: SPEECH_ENCODING.frameMs * 1000 } }),
    })
    const { output, flush: flushOutput } = streamedOutput('ogg', run.onData)
    output.addAudioTrack(source)
    await output.start()

    const resampler = new MonoResampler(await track.getSampleRate(), RATE)
    let queued: Float32Array[] = []
    let queuedFrames = 0
    let written = 0
    const flush = async () => {
      if (queuedFrames === 0) return
      const data = joined(queued, queuedFrames, (n) => new Float32Array(n))
      const sample = new AudioSample({ data, format: 'f32-planar', numberOfChannels: 1, sampleRate: RATE, timestamp: written / RATE })
      written += queuedFrames
      queued = []
      queuedFrames = 0
      await source.add(sample)
      sample.close()
      run.onProgress(startMs + (written * 1000) / RATE)
    }
    const emit = async (mono: Float32Array) => {
      if (mono.length === 0) return
      run.onMono?.(mono)
      queued.push(mono)
      queuedFrames += mono.length
      if (queuedFrames >= BATCH) await flush()
    }

    let endMs: number | null = null
    // Output frames so far, counted in input time: a sample starting later than this leaves a gap.
    let inputAtMs = startMs
    for await (const sample of decodedSamples(track, startMs, { mono: true })) {
      try {
        const rate = sample.sampleRate
        const sampleStartMs = sample.timestamp * 1000
        const sampleEndMs = sampleStartMs + (sample.numberOfFrames * 1000) / rate
        // The end is needed only once the part reaches its nominal end: by then it is long known.
        if (endMs === null && sampleEndMs >= run.nominalEndMs) endMs = await run.endMs()
        const end = endMs ?? Infinity
        if (sampleStartMs >= end) break
        if (sampleStartMs > inputAtMs + 20) {
          const gap = Math.round(((sampleStartMs - inputAtMs) * rate) / 1000)
          await emit(resampler.push(Array.from({ length: sample.numberOfChannels }, () => new Float32Array(gap))))
          inputAtMs = sampleStartMs
        }
        const skip = Math.max(0, Math.round(((inputAtMs - sampleStartMs) * rate) / 1000))
        const keep = Math.round(((Math.min(sampleEndMs, end) - sampleStartMs) * rate) / 1000) - skip
        if (keep <= 0) continue
        await emit(resampler.push(planarChannels(sample, skip, keep)))
        inputAtMs = sampleStartMs + ((skip + keep) * 1000) / rate
      } finally {
        sample.close()
      }
    }
    await flush()
    source.close()
    await output.finalize()
    flushOutput()
    return Math.round((written * 1000) / RATE)
  } finally {
    input.dispose()
  }
}
