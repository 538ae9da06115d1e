import 'server-only'
import { mapWithConcurrency } from '@/lib/pool'
import { callProvider, type RetryPolicy } from '@/lib/provider-calls'
import { cutAtPause, MAX_SPEED_FACTOR, speakToFit, type Spoken } from './fit'
import { clipPcm, pcmMs } from './clip'
import type { Phrase } from './phrases'
import { openDubTrack } from './track'
import { TtsError, type TtsProvider } from './tts-provider'

/** How a phrase ended up: spoken as it came, faster, stretched, shortened, or flagged. */
export type PhraseOutcome = {
  key: string
  lineIds: number[]
  speaker: string | null
  voice: string
  startMs: number
  windowEndMs: number
  /** The text spoken (shorter than the line's when it was shortened). */
  text: string
  naturalMs: number
  spokenMs: number
  speed: number
  tempo: number
  /** Times the model shortened the text (0 to 2). */
  shortened: number
  /** too_long: still long at the fastest allowed, spoken up to a pause between words; failed: the provider failed it (refunded). */
  flag: 'too_long' | 'failed' | null
  /** Characters of the phrase as written: what its speech is charged by. */
  characters: number
}

/** A request to shorten phrases, one batch for all: id is the phrase's index; answers id -> shorter text. */
export type Condense = (lines: { id: number; text: string; translation: string; maxChars: number; speaker?: string }[]) => Promise<Map<number, string>>

export type DubOptions = {
  phrases: readonly Phrase[]
  voices: ReadonlyMap<string | null, string>
  provider: TtsProvider
  /** The model's shortening pass (lib/translate's condense); without it, lines that cannot fit are flagged. */
  condense?: Condense
  trackFile: string
  totalMs: number
  concurrency?: number
  retry?: Partial<RetryPolicy>
  signal?: AbortSignal
  /** A phrase spoken before (a resumed dub): its outcome and clip, placed again without a request. */
  spokenBefore?: (key: string) => Promise<{ outcome: PhraseOutcome; pcm: Int16Array } | null>
  /** Called once per phrase as it is settled (its clip as placed), in any order, never two at once: store it to resume. */
  onPhrase?: (outcome: PhraseOutcome, pcm: Int16Array) => Promise<void>
}

/** The model is asked for a little less than the window holds: speech is not exactly proportional to characters. */
const CONDENSE_MARGIN = 0.9
const MAX_SHORTENINGS = 2

const ttsFailure = (error: unknown) => (error instanceof TtsError ? { kind: error.kind, retryAfterMs: error.retryAfterMs } : null)

/**
 * Speaks every phrase into the dub track. Rules: a phrase is first spoken to fit its window
 * (speakToFit: natural, faster, stretched, never past 1.3x); those that cannot fit are shortened by
 * the model, all in one request, and spoken again, at most twice; what still cannot fit is spoken at
 * its fastest up to the last pause within its window and flagged, never cut inside a word nor run
 * into the next line. A phrase the provider fails (after the provider-call retries) is flagged
 * failed and left silent, and the dub goes on. A phrase already spoken (`spokenBefore`) is not
 * spoken again. Answers the outcomes in time order.
 */
export async function speakPhrases({ phrases, voices, provider, condense, trackFile, totalMs, concurrency = 4, retry, signal, spokenBefore, onPhrase }: DubOptions): Promise<PhraseOutcome[]> {
  const track = await openDubTrack(trackFile, totalMs)
  const outcomes = new Map<string, PhraseOutcome>()
  let settling = Promise.resolve()
  const settle = async (outcome: PhraseOutcome, pcm: Int16Array | null) => {
    if (pcm && pcm.length > 0) await track.place(outcome.startMs, pcm)
    outcomes.set(outcome.key, outcome)
    settling = settling.then(() => onPhrase?.(outcome, pcm ?? new Int16Array(0)))
    await settling
  }
  const voiceOf = (phrase: Phrase) => voices.get(phrase.speaker) ?? voices.values().next().value ?? provider.voices[0]
  const speakWith = (voice: string) => (text: string, speed: number) =>
    callProvider({ limitKey: provider.limitKey, call: () => provider.speak({ input: text, voice, speed, signal }), failureOf: ttsFailure, retry, signal })
  const outcomeOf = (phrase: Phrase, spoken: Spoken, shortened: number, flag: PhraseOutcome['flag'], pcm = spoken.pcm): PhraseOutcome => ({
    key: phrase.key, lineIds: phrase.lineIds, speaker: phrase.speaker, voice: voiceOf(phrase), startMs: phrase.startMs, windowEndMs: phrase.windowEndMs,
    text: spoken.text, naturalMs: Math.round(spoken.naturalMs), spokenMs: Math.round(pcmMs(pcm)), speed: spoken.speed, tempo: Math.round(spoken.tempo * 1000) / 1000, shortened, flag, characters: phrase.text.length,
  })
  const failed = (phrase: Phrase): PhraseOutcome => ({ key: phrase.key, lineIds: phrase.lineIds, speaker: phrase.speaker, voice: voiceOf(phrase), startMs: phrase.startMs, windowEndMs: phrase.windowEndMs, text: phrase.text, naturalMs: 0, spokenMs: 0, speed: 1, tempo: 1, shortened: 0, flag: 'failed', characters: phrase.text.length })

  try {
    const pending: { phrase: Phrase; index: number; spoken: Spoken }[] = []
    const todo: { phrase: Phrase; index: number; text: string }[] = []
    for (const [index, phrase] of phrases.entries()) {
      const before = await spokenBefore?.(phrase.key)
      if (before) {
        if (before.pcm.length > 0) await track.place(before.outcome.startMs, before.pcm)
        outcomes.set(phrase.key, before.outcome)
      } else todo.push({ phrase, index, text: phrase.text })
    }
    for (let shortened = 0; todo.length > 0; shortened++) {
      await mapWithConcurrency(todo, concurrency, async ({ phrase, index, text }) => {
        let spoken: Spoken
        try {
          spoken = await speakToFit({ text, budgetMs: phrase.windowEndMs - phrase.startMs, speak: speakWith(voiceOf(phrase)), signal })
        } catch (error) {
          if (signal?.aborted || !(error instanceof TtsError)) throw error
          return settle(failed(phrase), null)
        }
        if (spoken.fits) return settle(outcomeOf(phrase, spoken, shortened, null), spoken.pcm)
        pending.push({ phrase, index, spoken })
      })
      todo.length = 0
      if (pending.length === 0) break
      const shorter = condense && shortened < MAX_SHORTENINGS ? await askShorter(pending, condense) : new Map<number, string>()
      for (const item of pending.splice(0)) {
        const text = shorter.get(item.index)
        if (text && text.trim() && text.length < item.spoken.text.length) todo.push({ phrase: item.phrase, index: item.index, text })
        else await settleTooLong(item.phrase, item.spoken, shortened)
      }
    }
    return phrases.map((phrase) => outcomes.get(phrase.key) ?? failed(phrase))
  } finally {
    await track.close()
  }

  /** Spoken at the fastest allowed, up to the last pause that fits: flagged, never cut in a word. */
  async function settleTooLong(phrase: Phrase, spoken: Spoken, shortened: number) {
    const budgetMs = phrase.windowEndMs - phrase.startMs
    let fastest = spoken
    if (spoken.speed < MAX_SPEED_FACTOR) {
      try {
        const pcm = await clipPcm(await speakWith(voiceOf(phrase))(spoken.text, MAX_SPEED_FACTOR), { signal })
        fastest = { ...spoken, pcm, spokenMs: pcmMs(pcm), speed: MAX_SPEED_FACTOR, tempo: 1 }
      } catch (error) {
        if (signal?.aborted || !(error instanceof TtsError)) throw error
      }
    }
    const head = cutAtPause(fastest.pcm, budgetMs)
    await settle(outcomeOf(phrase, fastest, shortened, 'too_long', head), head)
  }
}

/** One shortening request for every phrase too long: each asked for what its window holds at natural speed. */
async function askShorter(pending: { phrase: Phrase; index: number; spoken: Spoken }[], condense: Condense): Promise<Map<number, string>> {
  const lines = pending.map(({ phrase, index, spoken }) => ({
    id: index,
    text: phrase.sourceText,
    translation: spoken.text,
    maxChars: Math.max(1, Math.floor(spoken.text.length * ((phrase.windowEndMs - phrase.startMs) / spoken.naturalMs) * MAX_SPEED_FACTOR * CONDENSE_MARGIN)),
    ...(phrase.speaker ? { speaker: phrase.speaker } : {}),
  }))
  return condense(lines).catch(() => new Map<number, string>())
}
