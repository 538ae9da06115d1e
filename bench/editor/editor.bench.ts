import { expect, test } from '@playwright/test'
import { DEMO, signIn } from '../../e2e/helpers'

// Prints the editor's figures for a 3,000-cue task in Chromium: time from the task's data arriving
// (the page's first byte, or the task call when the page lacks it) to the first row being
// interactive (target ≤ 1,500 ms), keystroke to next frame (target ≤ 50 ms) and frame times while
// scrolling the whole list.
const CUES = Number(process.env.BENCH_CUES ?? 3000)
const SENTENCES = ["I don't know what you're talking about.", 'We have to leave before the sun goes down.', '<i>Previously on the show...</i>', 'Wait!\nDid you hear that?', 'The meeting was moved to Thursday.']

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const stamp = (ms: number) => `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

test(`editor with ${CUES} cues`, async ({ page }) => {
  await signIn(page, DEMO.user)
  const srt = Array.from({ length: CUES }, (_, i) => `${i + 1}\n${stamp(i * 2500)} --> ${stamp(i * 2500 + 2000)}\n${SENTENCES[i % SENTENCES.length]}\n`).join('\n')
  const taskId = await page.evaluate(async (body) => {
    const form = new FormData()
    form.append('file', new File([body], 'bench.srt'))
    form.append('targetLanguage', 'fr')
    form.append('service', 'deepseek')
    const json = await (await fetch('/api/tasks', { method: 'POST', body: form })).json()
    if (json.code !== 20000) throw new Error(json.msg)
    return json.data.id as string
  }, srt)
  await expect
    .poll(async () => page.evaluate(async (id) => (await (await fetch(`/api/tasks/${id}?segments=0`)).json()).data.status, taskId), { timeout: 120_000 })
    .toBe('completed')

  // 1. Data arrival → first row interactive (rendered with an editable box).
  await page.addInitScript(() => {
    const w = window as unknown as { __firstRow?: number }
    const check = () => {
      const box = document.querySelector<HTMLTextAreaElement>('[data-testid="segment-row"] textarea[data-field="translatedText"]')
      if (box && !box.readOnly && w.__firstRow === undefined) w.__firstRow = performance.now()
    }
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true })
  })
  const runs: number[] = []
  for (let i = 0; i < 3; i++) {
    await page.goto(`/edit/${taskId}`)
    await page.locator('[data-testid="segment-row"] textarea').first().waitFor()
    runs.push(
      await page.evaluate((id) => {
        // The task arrives inside the page's streamed HTML (from its first byte on), or from the task
        // call when the page came without it.
        const fetched = performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/api/tasks/${id}`)) as PerformanceResourceTiming | undefined
        const arrived = fetched ? fetched.responseEnd : (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart
        return (window as unknown as { __firstRow: number }).__firstRow - arrived
      }, taskId),
    )
  }

  // 2. Keystroke → next frame, typing in a row of the middle of the list.
  const box = page.locator('[data-testid="segment-row"] textarea[data-field="translatedText"]').nth(3)
  await box.click()
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[] }
    w.__keys = []
    let start = 0
    document.addEventListener('keydown', (e) => (start = e.timeStamp), true)
    document.addEventListener('input', () => requestAnimationFrame(() => setTimeout(() => w.__keys.push(performance.now() - start))), true)
  })
  await page.keyboard.type('Une phrase tapée au clavier pour mesurer.', { delay: 40 })
  await page.waitForTimeout(300)
  const keys = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys)

  // 3. Scrolling: 40 px a frame for 300 frames, then a jump to the end and back.
  const frames = await page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-testid="segment-list"]')!
    const deltas: number[] = []
    let last = performance.now()
    for (let i = 0; i < 300; i++) {
      list.scrollTop += i === 150 ? list.scrollHeight / 2 : 40
      await new Promise(requestAnimationFrame)
      const now = performance.now()
      deltas.push(now - last)
      last = now
    }
    return { deltas, rows: document.querySelectorAll('[data-testid="segment-row"]').length }
  })

  const tti = quantile(runs, 0.5)
  const keyP95 = quantile(keys, 0.95)
  const frameP95 = quantile(frames.deltas, 0.95)
  const fps = 1000 / (frames.deltas.reduce((a, b) => a + b, 0) / frames.deltas.length)
  console.log(`editor bench, ${CUES} cues`)
  console.log(`  first row interactive after data: ${runs.map((r) => r.toFixed(0)).join(' / ')} ms (median ${tti.toFixed(0)}, target ≤ 1500)`)
  console.log(`  keystroke to next frame: median ${quantile(keys, 0.5).toFixed(1)} ms, p95 ${keyP95.toFixed(1)} ms, max ${Math.max(...keys).toFixed(1)} ms over ${keys.length} keys (target ≤ 50)`)
  console.log(`  scrolling: ${fps.toFixed(0)} fps average, p95 frame ${frameP95.toFixed(1)} ms, ${frames.deltas.filter((d) => d > 50).length} frames over 50 ms of ${frames.deltas.length}; ${frames.rows} rows in the DOM`)
})
