import { rm } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { E2E } from './env'
import { editorReady, madeRecording, newCreator, signIn, transcribedByApi } from './helpers'

// Issue 30 end to end: the speech-to-text fake answers as real Whisper-style providers do (stock
// phrases in long silences, a looped line, text placed seconds early). The editor shows one cue per
// sentence, says how many lines were left out as probably not spoken, in the reader's language,
// and one click makes a left-out line a cue again (flagged, as it covers no speech).

const SENTENCES = [
  { text: 'The river was quiet in the morning.', atMs: 9000 },
  { text: 'We walked to the old bridge.', atMs: 27_000 },
  { text: 'Then we went home again.', atMs: 45_000 },
]
const TOTAL_MS = 56_000
/** Only recordings this long get the fake's mistakes: other specs' short ones, sent meanwhile, are spared. */
const QUIRKS = { stockPhrases: true, loops: true, earlyWords: true, minAudioMs: 50_000 }

let dir: string
let file: string

test.beforeAll(async () => {
  ;({ dir, file } = madeRecording('walk', { sentences: SENTENCES, totalMs: TOTAL_MS }))
  const set = await fetch(`${E2E.fakes.stt}/__quirks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(QUIRKS) })
  expect(set.status).toBe(200)
})

test.afterAll(async () => {
  await fetch(`${E2E.fakes.stt}/__quirks`, { method: 'DELETE' })
  await rm(dir, { recursive: true, force: true })
})

test('lines invented over silence are left out, listed in three languages, and one is restored', async ({ page }) => {
  test.setTimeout(120_000)
  const creator = await newCreator(100)
  const taskId = await transcribedByApi(creator, file)
  await signIn(page, { ...creator, baseUrl: E2E.intlUrl })

  // English: one cue per sentence; the invented lines are counted, not shown as cues.
  await page.goto(`${E2E.intlUrl}/edit/${taskId}`)
  await editorReady(page)
  const rows = page.getByTestId('segment-row')
  await expect(rows).toHaveCount(SENTENCES.length)
  await expect(rows.filter({ hasText: /Thank you|Subtitles by|subscribe|Okay/ })).toHaveCount(0)
  const note = page.getByTestId('left-out')
  const count = Number(await note.getAttribute('data-count'))
  expect(count).toBeGreaterThanOrEqual(3)
  await expect(page.getByTestId('left-out-summary')).toHaveText(`${count} lines left out as probably not spoken`)

  // The same in Chinese and Japanese.
  await page.goto(`${E2E.intlUrl}/zh-CN/edit/${taskId}`)
  await expect(page.getByTestId('left-out-summary')).toHaveText(`有 ${count} 行可能并未说出，已略去`)
  await page.goto(`${E2E.intlUrl}/ja-JP/edit/${taskId}`)
  await expect(page.getByTestId('left-out-summary')).toHaveText(`話されていないとみられる ${count} 行を除外しました`)
  await page.getByTestId('left-out-toggle').click()
  await expect(page.getByTestId('left-out-line')).toHaveCount(count)
  await expect(page.getByTestId('left-out-line').filter({ hasText: 'Thank you for watching.' }).first()).toContainText('サービス自身が無音と判定')

  // Back in English, one click restores a stock phrase as a cue, placed by its time, flagged as covering no speech.
  await page.goto(`${E2E.intlUrl}/edit/${taskId}`)
  await editorReady(page)
  await page.getByTestId('left-out-toggle').click()
  const line = page.getByTestId('left-out-line').filter({ hasText: 'Thank you for watching.' }).first()
  await expect(line).toContainText('the service marked it as silence')
  await line.getByTestId('left-out-restore').click()
  const toast = page.getByText(/^Restored as cue \d+$/)
  await expect(toast).toBeVisible()
  const id = Number(/\d+/.exec((await toast.textContent()) ?? '')![0])
  await expect(rows).toHaveCount(SENTENCES.length + 1)
  await expect(note).toHaveAttribute('data-count', String(count - 1))
  const restored = page.locator(`[data-testid="segment-row"][data-row="${id}"]`)
  await expect(restored.locator('textarea[data-field="originalText"]')).toHaveValue('Thank you for watching.')
  await expect(restored).toHaveAttribute('data-flags', /noSpeech/)
  await expect(restored.locator('[data-flag="noSpeech"]')).toHaveText('No speech here')
  // "Snap to speech" leaves it where it is and says why.
  await restored.click()
  await page.getByTestId('toolbar-snap').click()
  await expect(page.getByText('1 cue covers no speech and was left where it is')).toBeVisible()
  // The list survives a reload: the restored line is a cue, no longer left out.
  await page.reload()
  await editorReady(page)
  await expect(rows).toHaveCount(SENTENCES.length + 1)
  await expect(note).toHaveAttribute('data-count', String(count - 1))
})
