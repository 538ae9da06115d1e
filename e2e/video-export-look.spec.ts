import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { makeSceneVideo } from './burn-video'
import { E2E } from './env'
import { editorReady, newCreator, signIn } from './helpers'
import { EDITIONS, withoutSavePicker } from './video/harness'

// Issue 29's screenshots for a look by eye: the export dialog and a frame burned by each preset
// (drawn by the export's own renderer in the dialog's preview), in zh-CN, en-US and ja-JP. Saved
// under this spec's test-results folder as video-export-<locale>.png, burned-<preset>-<locale>.png,
// video-export-running-<locale>.png (progress and time left), video-export-done-<locale>.png and
// video-export-tracks-<locale>.png.

const SRT = `1
00:00:01,000 --> 00:00:04,000
We walked to the old bridge and waited there.

2
00:00:05,000 --> 00:00:07,500
Nobody came, so we went home again.
`
const JAPANESE = ['私たちは古い橋まで歩いて、そこで待っていました。', '誰も来なかったので、また家に帰りました。']
const PRESETS = ['outlined', 'box', 'bilingual', 'wordHighlight']

let dir: string
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'burn-look-'))
})
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('the export dialog and each preset\'s burned frame, in three languages', async ({ page }, info) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const video = path.join(dir, 'harbour-walk.mp4')
  makeSceneVideo(video, { width: 1280, height: 720, seconds: 8 })
  const creator = await newCreator(1000)
  await withoutSavePicker(page)
  await signIn(page, creator)

  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name: 'harbour-walk.srt', mimeType: 'text/plain', buffer: Buffer.from(SRT) })
  await expect(page.getByTestId('estimate-segments')).toBeVisible()
  await page.getByTestId('upload-target').click()
  await page.getByRole('option', { name: '日语', exact: true }).click()
  await page.getByTestId('upload-submit').click()
  const row = page.getByTestId('task-row').filter({ hasText: 'harbour-walk.srt' })
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 120_000 })
  await row.getByTestId('task-edit').click()
  await expect(page).toHaveURL(/\/edit\//)
  const editPath = new URL(page.url()).pathname
  const id = decodeURIComponent(editPath.split('/edit/')[1])
  // Real Japanese, as a translator would leave it (the sandbox translator only tags the lines).
  const code = await page.evaluate(
    async ({ id, texts }) => {
      const body = JSON.stringify({ segments: texts.map((translatedText, i) => ({ id: i + 1, translatedText })) })
      const res = await fetch(`/api/tasks/${encodeURIComponent(id)}/segments`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body })
      return ((await res.json()) as { code: number }).code
    },
    { id, texts: JAPANESE },
  )
  expect(code).toBe(20000)

  for (const { locale, base, prefix } of EDITIONS) {
    if (base !== E2E.cnUrl) await signIn(page, { ...creator, baseUrl: base })
    await page.goto(`${base}${prefix}/edit/${encodeURIComponent(id)}`)
    await editorReady(page)
    await page.getByTestId('export-menu').click()
    await page.getByTestId('export-video').click()
    await page.getByTestId('burn-input').setInputFiles(video)
    for (const preset of PRESETS) {
      await page.getByTestId(`burn-preset-${preset}`).click()
      const preview = page.getByTestId('burn-preview')
      await expect(preview).toHaveAttribute('data-drawn', new RegExp(`^${preset}@`), { timeout: 60_000 })
      await preview.screenshot({ path: info.outputPath(`burned-${preset}-${locale}.png`) })
    }
    await page.getByTestId('burn-preset-bilingual').click()
    await expect(page.getByTestId('burn-preview')).toHaveAttribute('data-drawn', /^bilingual@/)
    await page.getByRole('dialog').screenshot({ path: info.outputPath(`video-export-${locale}.png`) })
    await page.screenshot({ path: info.outputPath(`video-export-page-${locale}.png`) })
    // Running (progress and the time left), then done; at 480p to keep it short.
    await page.getByTestId('burn-resolution').click()
    await page.getByRole('option', { name: '480p' }).click()
    await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      (async () => {
        await page.getByTestId('burn-start').click()
        await expect(page.getByTestId('burn-eta')).toContainText(/\d/, { timeout: 60_000 })
        await page.getByRole('dialog').screenshot({ path: info.outputPath(`video-export-running-${locale}.png`) })
      })(),
    ])
    await expect(page.getByTestId('burn-done')).toBeVisible()
    await page.getByRole('dialog').screenshot({ path: info.outputPath(`video-export-done-${locale}.png`) })
    await page.getByTestId('export-kind-tracks').click()
    await expect(page.getByTestId('tracks-summary')).toBeVisible()
    await page.getByRole('dialog').screenshot({ path: info.outputPath(`video-export-tracks-${locale}.png`) })
    await page.keyboard.press('Escape')
  }
})
