import { expect, test, type Page } from '@playwright/test'
import { inEditorOfTranslation, pageApi } from './helpers'

// Dubbing in a browser, in zh-CN, en-US and ja-JP: from the editor's toolbar, the Dub dialog shows
// the voice of each speaker and the price before anything is spent; the dub is made on the server
// (the sandbox voice, espeak-ng), its player and downloads appear; a line edited afterwards is
// spoken again from the dialog and charged alone. Saves `dub-<screen>-<locale>.png` at 1280x800.

const SRT = ['Good morning, everyone.', 'Today we visit the old harbour.', 'The boats leave at nine.', 'See you there.']
  .map((text, i) => `${i + 1}\n00:00:0${i * 2},000 --> 00:00:0${i * 2 + 1},800\n${text}\n`)
  .join('\n')

type Texts = { title: string; allLines: string; start: RegExp; ready: RegExp; respeak: string }
const LOCALES: [prefix: string, locale: string, texts: Texts][] = [
  ['', 'zh-CN', { title: '为视频配音', allLines: '全部台词', start: /^配音（\d+ 积分）$/, ready: /配音已完成，扣除 \d+ 积分。/, respeak: '重新朗读已修改的台词' }],
  ['/en-US', 'en-US', { title: 'Dub this video', allLines: 'Every line', start: /^Dub for \d+ points?$/, ready: /Your dub is ready\. Charged: \d+ points?\./, respeak: 'Speak edited lines again' }],
  ['/ja-JP', 'ja-JP', { title: 'この動画を吹き替える', allLines: 'すべてのセリフ', start: /^\d+ ポイントで吹き替える$/, ready: /吹き替えが完成しました。\d+ ポイントを使用しました。/, respeak: '編集したセリフを読み直す' }],
]


const balance = async (page: Page) => Number((await pageApi<{ point: number }>(page, '/api/user/get_point', { method: 'POST', body: {} })).point)
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) })

for (const [prefix, locale, texts] of LOCALES) {
  test(`dub: voices and price first, made on the server, played and downloaded, an edited line spoken again (${locale})`, async ({ page }) => {
    test.setTimeout(120_000)
    const taskId = await inEditorOfTranslation(page, { srt: SRT, fileName: 'harbour.srt', prefix })

    await page.getByTestId('toolbar-dub').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(texts.title)
    await expect(page.getByTestId('dub-form')).toContainText(texts.allLines)
    await expect(page.getByTestId('dub-voice-all')).toContainText('alloy')
    const start = page.getByTestId('dub-start')
    await expect(start).toHaveText(texts.start)
    const price = Number((await start.textContent())!.match(/\d+/)![0])
    await shot(page, `dub-dialog-${locale}`)
    const before = await balance(page)

    // Another voice, then start: the price leaves the balance, the dialog follows the dub.
    await page.getByTestId('dub-voice-all').click()
    await page.getByRole('option', { name: 'nova' }).click()
    await start.click()
    await expect(page.getByTestId('dub-result')).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('dub-result')).toContainText(texts.ready)
    expect(await balance(page)).toBe(before - price)
    const player = page.getByTestId('dub-player')
    await expect(player).toHaveAttribute('src', /\/dubs\/.+\/audio\?kind=voices&format=m4a$/)
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 }).toBeGreaterThan(6)
    await shot(page, `dub-result-${locale}`)
    const csv = await page.evaluate(async (href) => (await fetch(href)).text(), (await page.getByTestId('dub-report-csv').getAttribute('href'))!)
    expect(csv.trim().split('\r\n')).toHaveLength(5)
    expect(csv).toContain(',nova,')

    // A line edited after the dub: spoken again from the dialog, charged alone.
    await pageApi(page, `/api/tasks/${taskId}/segments/2`, { method: 'PATCH', body: { translatedText: 'Le vieux port.' } })
    const afterDub = await balance(page)
    const respoken = page.waitForResponse((res) => res.url().endsWith('/respeak') && res.request().method() === 'POST')
    await page.getByTestId('dub-respeak').click()
    expect((await respoken).status()).toBe(200)
    // Charged when asked, in the same transaction that queues the dub again.
    expect(await balance(page)).toBe(afterDub - 1)
    await expect.poll(async () => (await pageApi<{ dubs: { status: string }[] }>(page, `/api/tasks/${taskId}/dubs`)).dubs[0].status, { timeout: 60_000 }).toBe('completed')
    await expect(page.getByTestId('dub-result')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('dub-respeak')).toHaveText(texts.respeak)
  })
}
