import { describe, expect, it } from 'vitest'
import { parseSrt } from '@/lib/subtitles/srt'
import { formatMs } from '@/lib/subtitles/time'
import { lineLimitsFor } from '@/lib/subtitles/line-limits'
import { reflowBreaches } from '@/lib/subtitles/reflow-rules'
import { renderTaskFile } from './render'

// Feature-length files (1,600 cues, about two hours) in Chinese, Japanese and English, written
// the way providers answer: sentences of every length, their own line breaks in odd places,
// dialogue, italics. Every exported cue must follow the line-breaking rule.

const SENTENCES: Record<string, string[]> = {
  'zh-CN': [
    '你到底去哪儿了？', '我找了你一整晚。', '别担心，我没事。', '渡轮已经开走了，', '我们只能等明天早上的第一班船。', '他说的话你一个字都不要信！', '这件事情跟你没有任何关系',
    '如果警察来了，就说我们什么都不知道。', '（笑声）', '“你为什么要这样做？”', '她把钥匙藏在了灯塔下面的石头里', '快走！', '我们没有时间了……', '这是我这辈子听过最荒唐的故事，',
    '但我相信你。', '港口的灯一盏接一盏地灭了', '你还记得我们第一次见面的那个晚上吗？', 'iPhone的电量只剩下百分之五了', '2026年的夏天，一切都变了。', '《海港之光》', '好的。',
  ],
  ja: [
    'どこに行ってたの？', '一晩中探してたんだよ。', '心配しないで、大丈夫だから。', 'フェリーはもう出ちゃったよ、', '明日の朝の始発を待つしかない。', 'あいつの言うことなんか信じるな！', 'これはお前には関係ないことだ',
    '警察が来たら、何も知らないって言え。', '（笑い声）', '「どうしてそんなことをするの？」', '彼女は灯台の下の石の中に鍵を隠した', '早く！', 'もう時間がない…', 'こんなバカげた話は生まれて初めて聞いたけど、',
    '君を信じるよ。', '港の明かりが一つずつ消えていった', '初めて会った夜のことを覚えてる？', 'ちょっと待って。', 'コーヒーでも飲みに行かない？', 'ジョーとキャシーがパーティーに来るってさ', 'はい。',
  ],
  en: [
    'Where have you been?', 'I looked for you all night.', "Don't worry, I'm fine.", 'The ferry has already left,', 'so we have to wait for the first boat tomorrow morning.', "Don't believe a word he says!",
    'This has nothing to do with you.', 'If the police come, tell them we know nothing.', '(laughter)', '"Why would you do that?"', 'She hid the key under a stone below the lighthouse.', 'Go!',
    "We're out of time...", "That's the most ridiculous story I've ever heard,", 'but I believe you.', 'One by one, the harbour lights went out.', 'Do you remember the night we first met?',
    'Notwithstanding the circumstances, the harbourmaster remained unconvinced.', 'Yes.', 'Okay.', 'Mm-hmm.',
  ],
}

/** A seeded generator, so the same film comes out on every run. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function film(language: string, cues: number) {
  const next = random(language.length * 7919 + cues)
  const pick = <T,>(list: T[]) => list[Math.floor(next() * list.length)]
  const spaced = language === 'en'
  const rows = []
  for (let i = 0; i < cues; i++) {
    let text: string
    if (next() < 0.08) text = `- ${pick(SENTENCES[language])}\n- ${pick(SENTENCES[language])}`
    else {
      const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SENTENCES[language]))
      text = parts.join(spaced ? ' ' : '')
      // The provider's own break, somewhere.
      if (next() < 0.5) {
        const chars = Array.from(text)
        const at = 1 + Math.floor(next() * (chars.length - 1))
        text = `${chars.slice(0, at).join('').trimEnd()}\n${chars.slice(at).join('').trimStart()}`
      }
      if (next() < 0.05) text = `<i>${text}</i>`
    }
    const start = i * 4_300
    rows.push({ index: i + 1, startTime: formatMs(start), endTime: formatMs(start + 3_800), originalText: `line ${i + 1}`, translatedText: text })
  }
  return rows
}

describe('exports of feature-length files', () => {
  for (const language of ['zh-CN', 'ja', 'en']) {
    it(`break every ${language} cue by the rule`, () => {
      const rows = film(language, 1_600)
      const { body } = renderTaskFile({ task: { format: 'srt', targetLanguage: language }, source: null, rows, format: 'srt', content: 'translated' })
      const cues = parseSrt(body)
      expect(cues).toHaveLength(rows.length)
      const limit = lineLimitsFor(language).maxLineChars
      let twoLines = 0
      const breaches: string[] = []
      cues.forEach((cue, i) => {
        const problems = reflowBreaches(rows[i].translatedText, cue.text, language)
        if (problems.length > 0) breaches.push(`${cue.id}: ${JSON.stringify(cue.text)} ${problems.join(', ')}`)
        if (cue.text.split('\n').length === 2 && cue.text.split('\n').every((line) => Array.from(line.replace(/<[^>]*>/g, '')).length <= limit)) twoLines++
      })
      expect(breaches).toEqual([])
      // The film is not vacuous: a good share of its cues needed a break.
      expect(twoLines).toBeGreaterThan(rows.length / 4)
    })
  }

  it('keep the provider\'s breaks with reflow off', () => {
    const rows = film('ja', 200)
    const { body } = renderTaskFile({ task: { format: 'srt', targetLanguage: 'ja' }, source: null, rows, format: 'srt', content: 'translated', reflow: false })
    expect(parseSrt(body).map((cue) => cue.text)).toEqual(rows.map((row) => row.translatedText))
  })
})
