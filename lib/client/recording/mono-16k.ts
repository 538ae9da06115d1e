// Mixes decoded audio down to one channel and resamples it to the encoder's rate, block by block,
// carrying the fractional position from one block to the next so that blocks join without a seam.
// Downsampling averages the input samples each output sample covers (a box filter: enough for
// speech, which has little above 8 kHz); upsampling interpolates linearly. Pure.

export class MonoResampler {
  private position = 0
  private carry = new Float32Array(0)
  private readonly step: number

  constructor(
    private readonly inputRate: number,
    readonly outputRate: number,
  ) {
    this.step = inputRate / outputRate
  }

  /** Mixes `channels` (equal lengths, planar) and answers the output samples they complete. */
  push(channels: Float32Array[]): Float32Array {
    const frames = channels[0]?.length ?? 0
    // One channel and nothing carried (a whole-rate input, or a decoder that mixed down): used as it is.
    if (channels.length === 1 && this.carry.length === 0) return this.resample(channels[0])
    const mono = new Float32Array(this.carry.length + frames)
    mono.set(this.carry)
    const gain = 1 / Math.max(1, channels.length)
    for (const channel of channels) for (let i = 0; i < frames; i++) mono[this.carry.length + i] += channel[i] * gain
    return this.resample(mono)
  }

  private resample(mono: Float32Array): Float32Array {
    const step = this.step
    // A whole step (48 kHz to 16 kHz: 3) in a plain loop: the general one below costs most of an
    // extraction's resampling time in its rounding.
    if (Number.isInteger(step) && this.position === 0) return this.resampleWhole(mono, step)
    const out = new Float32Array(Math.ceil(mono.length / step) + 1)
    let n = 0
    let pos = this.position
    if (step >= 1) {
      // Each output sample averages the input in [pos, pos + step).
      while (pos + step <= mono.length) {
        const from = Math.floor(pos)
        const to = Math.floor(pos + step)
        let sum = 0
        for (let i = from; i < to; i++) sum += mono[i]
        out[n++] = sum / Math.max(1, to - from)
        pos += step
      }
    } else {
      while (pos + 1 < mono.length) {
        const i = Math.floor(pos)
        const f = pos - i
        out[n++] = mono[i] * (1 - f) + mono[i + 1] * f
        pos += step
      }
    }
    const keep = Math.floor(pos)
    this.carry = mono.slice(keep)
    this.position = pos - keep
    return out.slice(0, n)
  }

  private resampleWhole(mono: Float32Array, step: number): Float32Array {
    const n = Math.floor(mono.length / step)
    const out = new Float32Array(n)
    for (let j = 0, i = 0; j < n; j++) {
      let sum = 0
      for (const end = i + step; i < end; i++) sum += mono[i]
      out[j] = sum / step
    }
    this.carry = mono.slice(n * step)
    return out
  }
}

/** Level under which 10 ms of sound count as silence: -35 dBFS, as the server's silence detection. */
const SILENCE_RMS = 10 ** (-35 / 20)

/**
 * A sample in the middle of the first `minMs` of silence in `samples` (mono at `rate`), or null:
 * where a recording can be split without cutting a word. Measured in 10 ms frames, as ffmpeg's
 * silencedetect does on the server.
 */
export function firstSilence(samples: Float32Array, rate: number, minMs = 300): number | null {
  const frame = Math.round(rate / 100)
  const need = Math.ceil(minMs / 10)
  let run = 0
  for (let f = 0; (f + 1) * frame <= samples.length; f++) {
    let sum = 0
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += samples[i] * samples[i]
    run = Math.sqrt(sum / frame) < SILENCE_RMS ? run + 1 : 0
    if (run >= need) return (f + 1 - need) * frame + Math.round((need * frame) / 2)
  }
  return null
}
