import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { chooseTargetAndDeepSeek, editorReady, newCreator, signIn } from './helpers'

// The speakers of an uploaded WebVTT file: its voice tags become the task's speakers, named in the
// editor as the file names them (a chip on each row, the names in the speakers dialog); renamed
// once there, the new name is written back into the file's voice tags on export.

const VTT = `WEBVTT

00:00:01.000 --> 00:00:03.000
<v Ada Lovelace>Where is the engine?</v>

00:00:03.500 --> 00:00:05.000
<v.loud Grace Hopper>It left an hour ago.</v>

00:00:05.500 --> 00:00:07.000
<v Ada Lovelace>Then we follow it.</v>
`

const row = (page: Page, n: number) => page.getByTestId('segment-row').nth(n - 1)
const chips = (page: Page, n: number) => row(page, n).getByTestId('segment-speaker').locator('[data-speaker]')

test('speakers from an uploaded WebVTT file are named in the editor, and a renamed one is written back', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const creator = await newCreator(100)
  await signIn(page, { ...creator, baseUrl: E2E.cnUrl })

  const name = `engine-${Date.now()}.vtt`
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(VTT) })
  await expect(page.getByTestId('estimate-segments')).toBeVisible()
  await chooseTargetAndDeepSeek(page, '法语')
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })
  const task = page.getByTestId('task-row').filter({ hasText: name })
  await expect(task.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })

  await task.getByTestId('task-edit').click()
  await editorReady(page)
  await expect(page.getByTestId('segment-row')).toHaveCount(3)
  await expect(chips(page, 1)).toHaveText(['Ada Lovelace'])
  await expect(chips(page, 2)).toHaveText(['Grace Hopper'])
  await expect(chips(page, 3)).toHaveText(['Ada Lovelace'])

  // The dialog holds the file's names; one renamed, every row it speaks follows.
  await page.getByTestId('toolbar-speakers').click()
  await expect(page.getByTestId('speaker-name-S1')).toHaveValue('Ada Lovelace')
  await expect(page.getByTestId('speaker-name-S2')).toHaveValue('Grace Hopper')
  await page.getByTestId('speaker-name-S1').fill('Countess')
  await page.getByTestId('speakers-save').click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(chips(page, 1)).toHaveText(['Countess'])
  await expect(chips(page, 3)).toHaveText(['Countess'])

  // A name that would write a cue of its own into an SRT file is refused, whatever the label, before any other check.
  const taskId = new URL(page.url()).pathname.split('/').pop()!
  for (const label of ['S1', 'S9', 'nobody']) {
    const refused = await page.evaluate(async ({ id, label }) => {
      const res = await fetch(`/api/tasks/${id}/speakers`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-locale': 'en-US' }, body: JSON.stringify({ names: { [label]: 'Ada\n\n9\n00:00:00,000 --> 00:09:00,000\nInjected' } }) })
      return { status: res.status, body: await res.json() }
    }, { id: taskId, label })
    expect(refused).toMatchObject({ status: 400, body: { code: 40000, msg: "a speaker's name must be one line of text: no line breaks or control characters" } })
  }

  // Exported in its own format: the voice tags carry the new name, the other voice and its class as uploaded.
  await page.getByTestId('export-menu').click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-vtt-original').click()])
  const vtt = (await readFile(await download.path())).toString('utf8')
  expect(vtt).toBe(VTT.replace(/<v Ada Lovelace>/g, '<v Countess>'))
})
