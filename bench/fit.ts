import { startDeepSeekFake } from '../fakes/deepseek'
import { seededRandom } from '../fakes/faults'
import { condenseTranslations } from '../lib/translate/condense'
import { translateCues, type CueToTranslate } from '../lib/translate/engine'
import { linesToFit, shortenedLine } from '../lib/translate/fit-plan'
import type { CondenseLine } from '../lib/translate/providers/types'
import { createDeepSeekProvider } from '../lib/translate/providers/deepseek'
import { cueFit } from '../lib/subtitles/fit'

// Translations that fit their time (issue 30): a generated feature-length English film (1,600 cues,
// about 100 minutes, timed as subtitlers time them) is translated by the DeepSeek fake with
// realistic expansion per target language, then every line over its cue's limit is sent once to be
// shortened (lib/translate/fit-plan.ts, lib/translate/condense.ts), the fake missing the count on a
// share of lines as models do. Prints, per language, the share of cues over the limit before and
// after. Usage: npm run bench:fit (BENCH_CUES, BENCH_SEED, BENCH_MISS_RATE)
const CUES = Number(process.env.BENCH_CUES ?? 1600)
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 1_000_000)
const MISS_RATE = Number(process.env.BENCH_MISS_RATE ?? 0.1)
const KEY = 'sk-bench-fit'

// Characters of a translation per character of English, as localisation guides give them: German,
// Spanish and French run longer, Chinese and Japanese far shorter in characters (but read slower).
// Each line's ratio is drawn within ±25% of its language's.
const TARGETS: { language: string; ratio: number }[] = [
  { language: 'de', ratio: 1.3 },
  { language: 'fr', ratio: 1.2 },
  { language: 'es', ratio: 1.25 },
  { language: 'zh-CN', ratio: 0.35 },
  { language: 'ja', ratio: 0.5 },
]

const SUBJECTS = ['I', 'You', 'We', 'They', 'She', 'He', 'Nobody', 'Your father', 'The captain', 'Everyone here']
const VERBS = ['know', 'think', 'said', 'never wanted', 'cannot believe', 'have to find', 'promised', 'will tell', 'should see', 'forgot']
const OBJECTS = ['the truth', 'what happened last night', 'where the money went', 'the boat', 'that letter', 'him', 'the way home', 'this place', 'a reason', 'the others']
const TAILS = ['', '', '', ' before it gets dark', ' right now', ' again', ' after all these years', ', I swear', ' tomorrow morning', ' and you know it']
const SHORT = ['Yes.', 'No!', 'Wait.', 'Why?', 'Come on.', 'Thank you.', 'Run!', 'What?', 'Okay.', 'Hey.']

/** A film's English subtitles: short replies and one- or two-sentence lines, each on screen at 8 to 18 characters a second (13 on average), 1 to 7 s. */
function buildFilm(count: number, random: () => number): (CueToTranslate & { durationMs: number })[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]
  const sentence = () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}${pick(TAILS)}${pick(['.', '.', '?', '!'])}`
  return Array.from({ length: count }, (_, i) => {
    const roll = random()
    const text = roll < 0.15 ? pick(SHORT) : roll < 0.75 ? sentence() : `${sentence()} ${sentence()}`
    const cps = 8 + ((random() + random()) / 2) * 10
    const durationMs = Math.round(Math.min(7000, Math.max(1000, (text.length / cps) * 1000)))
    // The cue number keeps lines distinct, as dialogue mostly is.
    return { id: i + 1, text: `${text.slice(0, -1)} ${i + 1}${text.slice(-1)}`, durationMs }
  })
}

const share = (n: number, of: number) => `${((n * 100) / of).toFixed(1)}%`

async function main() {
  const random = seededRandom(SEED)
  const film = buildFilm(CUES, random)
  const minutes = film.reduce((sum, cue) => sum + cue.durationMs + 1000, 0) / 60_000
  console.log(`fit: ${CUES} cues (~${Math.round(minutes)} min), seed ${SEED}, condense miss rate ${MISS_RATE}`)
  const rows: Record<string, string | number>[] = []
  for (const { language, ratio } of TARGETS) {
    const fake = await startDeepSeekFake({ apiKey: KEY, expansion: { ratio, spread: ratio * 0.25 }, condense: { missRate: MISS_RATE } })
    try {
      const provider = createDeepSeekProvider({ baseUrl: fake.url, apiKey: KEY, model: 'deepseek-flash' })
      const started = performance.now()
      const translated = await translateCues({ provider, cues: film, sourceLanguage: 'en', targetLanguage: language })
      const lines = film.map((cue) => ({ id: cue.id, text: cue.text, translation: translated.get(cue.id)!, translatedBy: 'deepseek', durationMs: cue.durationMs }))
      const overBefore = lines.filter((line) => !cueFit(line.translation, line.durationMs, language).fits).length
      const { toShorten } = linesToFit(lines, { targetLanguage: language, provider })
      const final = new Map(lines.map((line) => [line.id, line.translation]))
      const duration = new Map(lines.map((line) => [line.id, line.durationMs]))
      let sentTwice = 0
      const seen = new Set<number>()
      await condenseTranslations({
        provider,
        lines: toShorten,
        targetLanguage: language,
        onBatchDone: (batch: CondenseLine[], answer) => {
          for (const line of batch) {
            if (seen.has(line.id)) sentTwice += 1
            seen.add(line.id)
            const made = shortenedLine(line, answer?.get(line.id), duration.get(line.id)!, language)
            if (made) final.set(line.id, made.text)
          }
        },
      })
      const overAfter = lines.filter((line) => !cueFit(final.get(line.id)!, line.durationMs, language).fits).length
      rows.push({
        language,
        'over before': `${overBefore} (${share(overBefore, CUES)})`,
        'over after': `${overAfter} (${share(overAfter, CUES)})`,
        'lines sent': toShorten.length,
        'sent twice': sentTwice,
        'condense requests': fake.stats.counters.condenseRequests ?? 0,
        'wall ms': Math.round(performance.now() - started),
      })
    } finally {
      await fake.close()
    }
  }
  console.table(rows)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
