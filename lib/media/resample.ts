import 'server-only'
import { ffmpegPath, runTool } from './binaries'

let hasSoxr: Promise<boolean> | null = null

/** Whether the system's ffmpeg was built with libsoxr (Debian's is: its `-version` lists the build's configuration), asked once per process. */
function ffmpegHasSoxr(): Promise<boolean> {
  hasSoxr ??= ffmpegPath()
    .then((ffmpeg) => runTool(ffmpeg, ['-version'], { timeoutMs: 10_000 }))
    .then(({ stdout }) => stdout.toString('utf8').includes('--enable-libsoxr'))
    .catch(() => false)
  return hasSoxr
}

/**
 * The filters that bring any sound to mono 16-bit samples at `rate`, as speech to text takes it.
 * Mixed down first, so half (or fewer) the channels are resampled, and by soxr where ffmpeg has it:
 * ffmpeg's own resampler at its default settings costs several times the Opus decoding itself
 * (a 60-minute recording: about 2.5 min against 27 s of decoding under load), soxr next to nothing.
 */
export async function speechFormatFilters(rate: number): Promise<string> {
  const resampler = (await ffmpegHasSoxr()) ? ':resampler=soxr' : ''
  return `aformat=channel_layouts=mono,aresample=${rate}${resampler},aformat=sample_fmts=s16`
}
