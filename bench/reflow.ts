import { performance } from 'node:perf_hooks'
import { reflowCue } from '../lib/subtitles/reflow'
import { scriptCheckFor } from '../lib/subtitles/chinese-script'

// Measures the export's line breaking (lib/subtitles/reflow.ts) on feature-length files (1,600
// cues, about two hours) in Chinese, Japanese and English, and the editor's Chinese script check
// over the same Chinese file. Prints the median of BENCH_RUNS runs (default 5) per language.
// Usage: npx tsx bench/reflow.ts
const CUES = Number(process.env.BENCH_CUES ?? 1600)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const SENTENCES: Record<string, string[]> = {
  'zh-CN': ['你到底去哪儿了？', '我找了你一整晚。', '别担心，我没事。', '渡轮已经开走了，', '我们只能等明天早上的第一班船。', '这件事情跟你没有任何关系', '如果警察来了，就说我们什么都不知道。', '她把钥匙藏在了灯塔下面的石头里'],
  ja: ['どこに行ってたの？', '一晩中探してたんだよ。', '心配しないで、大丈夫だから。', 'フェリーはもう出ちゃったよ、', '明日の朝の始発を待つしかない。', 'これはお前には関係ないことだ', '警察が来たら、何も知らないって言え。', '彼女は灯台の下の石の中に鍵を隠した'],
  en: ['Where have you been?', 'I looked for you all night.', "Don't worry, I'm fine.", 'The ferry has already left,', 'so we have to wait for the first boat tomorrow morning.', 'This has nothing to do with you.', 'If the police come, tell them we know nothing.', 'She hid the key under a stone below the lighthouse.'],
}

function film(language: string): string[] {
  let state = 7
  const next = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32)
  const list = SENTENCES[language]
  return Array.from({ length: CUES }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => list[Math.floor(next() * list.length)]).join(language === 'en' ? ' ' : ''))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

function time(work: (run: number) => void): number {
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    work(i)
    runs.push(performance.now() - start)
  }
  return median(runs)
}

for (const language of ['zh-CN', 'ja', 'en']) {
  const texts = film(language)
  const ms = time(() => texts.forEach((text) => reflowCue(text, language)))
  console.log(`reflow ${language}: ${CUES} cues in ${ms.toFixed(1)} ms (median of ${RUNS}), ${((ms * 1000) / CUES).toFixed(1)} µs a cue`)
}
const chinese = film('zh-CN')
const loadStart = performance.now()
const check = scriptCheckFor('zh-HK')!
check.isWrong('加载')
console.log(`script check: OpenCC converter for zh-HK built in ${(performance.now() - loadStart).toFixed(1)} ms`)
// Texts never seen before in each run: the editor's first pass over a file (later keystrokes re-check one row, cached).
const firstPass = time((run) => chinese.forEach((text, i) => check.isWrong(`${text}${run}-${i}`)))
console.log(`script check: ${CUES} Simplified cues checked for zh-HK in ${firstPass.toFixed(1)} ms (median of ${RUNS}, uncached)`)
