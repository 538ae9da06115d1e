// The audio of a video export that carries the task's dub: the dubbed track (the dub's mix, or its
// voices, fetched from the server as M4A/AAC by byte ranges, never downloaded whole), then, when
// both are asked for, the video's own sound. Each is tagged with its language (the dub's is the
// task's target language, the original's the source language), titled, and the dub plays by
// default. They are muxed by conversions of their own beside the video's (mediabunny's composable
// conversions share one output), added in that order, so a player lists the dub first.
import type { Conversion, Input, InputAudioTrack, Output, OutputFormat } from 'mediabunny'
import { trackLanguageCode } from './track-language'

/** A track's language (BCP 47, as the task names it) and the title players show. */
export type AudioTag = { language: string; title: string }

/** Which sound the exported video carries: its own, the dub in its place, or the dub first and its own second. */
export type ExportAudio = { choice: 'original' } | { choice: 'dubbed' | 'both'; dubUrl: string; dubbed: AudioTag; original: AudioTag }

type Mediabunny = typeof import('mediabunny')

/**
 * Gives a copied track the language, title and default flag the export chooses. Rule: mediabunny's
 * conversion takes these from the input track it copies (a dub's M4A and most videos say
 * "undetermined"), so they are answered by that input track itself; a language the video already
 * names is kept.
 */
function tagged(track: InputAudioTrack, tag: AudioTag, { container, isDefault, isOriginal }: { container: 'mkv' | 'mp4'; isDefault: boolean; isOriginal: boolean }): void {
  const [ownLanguage, ownDisposition] = [track.getLanguageCode.bind(track), track.getDisposition.bind(track)]
  Object.assign(track, {
    getLanguageCode: async () => {
      const own = await ownLanguage()
      return own && own !== 'und' && isOriginal ? own : trackLanguageCode(tag.language, container)
    },
    getName: async () => tag.title,
    getDisposition: async () => ({ ...(await ownDisposition()), default: isDefault, original: isOriginal }),
  })
}

export type DubAudioOptions = {
  mb: Mediabunny
  /** The creator's video. */
  source: Blob
  audio: Exclude<ExportAudio, { choice: 'original' }>
  output: Output<OutputFormat>
  container: 'mkv' | 'mp4'
  /** The export's time 0 in the source's time (its first timestamp), and the source's end: the dub is cut to the video. */
  start: number
  end: number
  /** Nothing may be re-encoded (the track export): a dub the container cannot hold as AAC is refused. */
  copyOnly: boolean
}

/**
 * Adds the dubbed track (and, for `both`, the video's own sound after it) to `output` as composable
 * conversions, in that order; the caller starts and finalizes the output and runs them beside its
 * video. Answers them, their inputs to dispose, and whether the dub had to be re-encoded (AAC into
 * WebM becomes Opus).
 */
export async function addDubAudio({ mb, source, audio, output, container, start, end, copyOnly }: DubAudioOptions): Promise<{ conversions: Conversion[]; inputs: Input[]; isReencoded: boolean }> {
  const dubInput = new mb.Input({
    source: new mb.UrlSource(new URL(audio.dubUrl, self.location.href).href, { requestInit: { credentials: 'same-origin' }, getRetryDelay: (attempts) => (attempts < 3 ? attempts + 1 : null) }),
    formats: mb.ALL_FORMATS,
  })
  const inputs: Input[] = [dubInput]
  try {
    const isReencoded = !output.format.getSupportedAudioCodecs().includes('aac')
    const dub = await mb.Conversion.init({
      input: dubInput,
      output,
      composable: true,
      tracks: 'primary',
      video: { discard: true },
      audio: (track) => {
        tagged(track, audio.dubbed, { container, isDefault: true, isOriginal: false })
        return {}
      },
      copy: copyOnly ? { mode: 'forced' } : {},
      trim: { start, end },
      showWarnings: false,
    })
    if (dub.utilizedTracks.length === 0) throw new DubAudioError(dub.discardedTracks.map((d) => d.reason).join(', ') || 'the dub has no audio track')
    const conversions = [dub]
    if (audio.choice === 'both') {
      const own = new mb.Input({ source: new mb.BlobSource(source), formats: mb.ALL_FORMATS })
      inputs.push(own)
      conversions.push(
        await mb.Conversion.init({
          input: own,
          output,
          composable: true,
          video: { discard: true },
          audio: (track) => {
            tagged(track, audio.original, { container, isDefault: false, isOriginal: true })
            return {}
          },
          copy: copyOnly ? { mode: 'forced' } : {},
          trim: { start },
          showWarnings: false,
        }),
      )
    }
    return { conversions, inputs, isReencoded }
  } catch (error) {
    for (const input of inputs) input.dispose()
    throw error instanceof DubAudioError ? error : new DubAudioError(String(error))
  }
}

/** The dub's track could not be read or put into the file (the server answered no audio, or the container cannot hold it). */
export class DubAudioError extends Error {
  constructor(detail: string) {
    super(`dub audio: ${detail}`)
    this.name = 'DubAudioError'
  }
}
