import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test, type Page } from '@playwright/test'
import { chooseTargetAndDeepSeek, DEMO, newCreator, signIn } from './helpers'

// WebVTT and ASS files through the upload dialog and back out, and a batch of two files into two
// languages, on the China host (zh-CN) against the sandbox fakes. The single files go into French,
// where the fake's "[fr] <line>" fits its cue's time, so their lines come back as translated.

const ASS = fileURLToPath(new URL('../lib/subtitles/fixtures/anime.ass', import.meta.url))
const VTT = `WEBVTT

STYLE
::cue(.sign) { color: yellow; }

intro
00:01.500 --> 00:04.200 position:10% align:start
<v Mina>Where did the ferry go?</v>

00:04.300 --> 00:07.050 line:0
<c.sign>HARBOUR MASTER</c>
`

async function uploadOne(page: Page, file: { name: string; buffer: Buffer }) {
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles({ ...file, mimeType: 'text/plain' })
  await expect(page.getByTestId('estimate-segments')).toBeVisible()
  await chooseTargetAndDeepSeek(page, '法语')
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })
  const row = page.getByTestId('task-row').filter({ hasText: file.name })
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  return row
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) }
}

test('a VTT and an ASS file: uploaded through the dialog, exported in their own format', async ({ page }) => {
  test.setTimeout(120_000)
  const stamp = Date.now()
  await signIn(page, DEMO.user)

  const vttRow = await uploadOne(page, { name: `harbour-${stamp}.vtt`, buffer: Buffer.from(VTT) })
  await expect(vttRow.getByTestId('task-format')).toHaveText('vtt')
  const vtt = await downloaded(page, () => vttRow.getByTestId('task-download').click())
  expect(vtt.name).toBe(`harbour-${stamp}.fr.translated.vtt`)
  // Cue ids, settings and voice tags kept.
  expect(vtt.bytes.toString('utf8')).toContain('intro\n00:01.500 --> 00:04.200 position:10% align:start\n<v Mina>[fr] Where did the ferry go?</v>')
  expect(vtt.bytes.toString('utf8')).toContain('STYLE\n::cue(.sign) { color: yellow; }')

  const source = await readFile(ASS, 'utf8')
  const assRow = await uploadOne(page, { name: `harbour-${stamp}.ass`, buffer: Buffer.from(source) })
  await expect(assRow.getByTestId('task-format')).toHaveText('ass')
  const ass = (await downloaded(page, () => assRow.getByTestId('task-download').click())).bytes.toString('utf8')
  expect(ass).toContain('{\\an8}{\\pos(960,120)\\fs48\\c&H3A3AE0&}[fr] HARBOUR MASTER')
  expect(ass).toContain('[Fonts]')
  expect(ass.split(/\r?\n/).filter((line) => !line.startsWith('Dialogue:'))).toEqual(source.split(/\r?\n/).filter((line) => !line.startsWith('Dialogue:')))

  await assRow.getByTestId('task-edit').click()
  await expect(page.getByTestId('editor-format')).toHaveText('ass')
  await expect(page.getByTestId('segment-row')).toHaveCount(7)
})

test('a batch of two files into two languages makes four tasks whose costs add up, downloaded as one ZIP', async ({ page }, info) => {
  test.setTimeout(120_000)
  const stamp = Date.now()
  await signIn(page, DEMO.user)
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles([
    { name: `batch-${stamp}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(VTT) },
    { name: `batch-${stamp}.ass`, mimeType: 'text/plain', buffer: await readFile(ASS) },
  ])
  const files = page.getByTestId('upload-batch-file')
  await expect(files).toHaveCount(2)
  await expect(page.getByTestId('upload-batch-cost')).toHaveText(['10 积分', '10 积分'])
  await chooseTargetAndDeepSeek(page, '日语')
  await page.getByTestId('upload-extra-target-fr').click()
  await expect(page.getByTestId('upload-batch-total')).toHaveAttribute('data-points', '40')
  await expect(page.getByTestId('upload-batch-total')).toContainText('4 个任务')
  await page.screenshot({ path: info.outputPath('batch-dialog.png') })
  await page.getByTestId('upload-submit').click()
  await expect(page.getByTestId('upload-dialog')).toBeHidden({ timeout: 15_000 })

  const rows = page.getByTestId('task-row').filter({ hasText: `batch-${stamp}` })
  await expect(rows).toHaveCount(4)
  for (const row of await rows.all()) {
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
    await expect(row).toContainText('10 积分')
  }
  for (const row of await rows.all()) await row.getByTestId('task-select').check()
  await expect(page.getByTestId('task-selection')).toContainText('已选 4 个')
  await page.screenshot({ path: info.outputPath('batch-selection.png') })
  const zip = await downloaded(page, () => page.getByTestId('task-download-zip').click())
  expect(zip.name).toBe('subtitles.translated.zip')
  const entries = unzipSync(new Uint8Array(zip.bytes))
  expect(Object.keys(entries).sort()).toEqual([`batch-${stamp}.fr.translated.ass`, `batch-${stamp}.fr.translated.vtt`, `batch-${stamp}.ja.translated.ass`, `batch-${stamp}.ja.translated.vtt`])
  expect(strFromU8(entries[`batch-${stamp}.fr.translated.vtt`])).toContain('<v Mina>[fr] Where did the ferry go?</v>')
})

test('a batch shows a bad file on its own line, and the insufficient-points dialog on its total', async ({ page }) => {
  test.setTimeout(60_000)
  const stamp = Date.now()
  // A cue ending after nine hours: 541 started minutes, 5,410 points, more than this creator holds.
  const long = 'WEBVTT\n\n09:00:00.000 --> 09:00:02.000\nThe very last line.\n'
  await signIn(page, await newCreator(1000))
  await page.getByTestId('open-upload').first().click()
  await page.getByTestId('upload-input').setInputFiles([
    { name: `short-${stamp}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(VTT) },
    { name: `empty-${stamp}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\nNOTE nothing to translate\n') },
  ])
  await expect(page.getByTestId('upload-batch-error')).toHaveText('WebVTT 文件格式错误或内容为空')
  await chooseTargetAndDeepSeek(page, '日语')
  await expect(page.getByTestId('upload-submit')).toBeDisabled()

  await page.getByRole('button', { name: '重新选择' }).click()
  await page.getByTestId('upload-input').setInputFiles([
    { name: `short-${stamp}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(VTT) },
    { name: `long-${stamp}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(long) },
  ])
  await expect(page.getByTestId('upload-batch-total')).toHaveAttribute('data-points', '5420')
  await page.getByTestId('upload-submit').click()
  const shortfall = page.getByTestId('insufficient-points')
  await expect(shortfall).toContainText('5,420 积分')
  await expect(page.getByRole('dialog')).toContainText('这些翻译共需 5,420 积分')
  await page.getByRole('button', { name: '取消' }).click()
  await expect(page.getByTestId('task-row').filter({ hasText: `-${stamp}.vtt` })).toHaveCount(0)
})
