import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E } from './env'
import { completedTranslation, editorReady, inEditorOfTranslation, newCreator, pageApi, recordTestVideo, signIn } from './helpers'

// Review links in a browser, in zh-CN, en-US and ja-JP: the creator shares a task from the editor
// (a link to comment and suggest, and a read-only one), a reviewer without an account comments
// and suggests on the link's page, the read-only link offers no comment, the creator accepts a
// suggestion on its row (the line changes; undo restores it) and dismisses a comment, approves
// the task, and a revoked link shows that it no longer works. It saves
// `review-<screen>-<locale>.png` under its `test-results/` folder, at 1280x800.

const SRT = ['Hi Anna.', 'Anna runs to the station.', 'Is the train late again?', 'Bye.']
  .map((text, i) => `${i + 1}\n00:00:0${i * 2},000 --> 00:00:0${i * 2 + 1},900\n${text}\n`)
  .join('\n')

type Texts = {
  share: string
  modeComment: string
  noLinks: string
  made: string
  pageTitle: string
  modeRead: string
  howRead: string
  comment: string
  statusOpen: string
  statusAccepted: string
  statusDismissed: string
  suggestionBy: string
  commentBy: string
  approved: string
  gone: string
  revoked: string
}

const LOCALES: [prefix: string, locale: string, texts: Texts][] = [
  ['', 'zh-CN', { share: '分享审阅', modeComment: '可以评论和建议', noLinks: '还没有链接', made: '链接已创建', pageTitle: '字幕审阅', modeRead: '只读', howRead: '此链接为只读', comment: '评论', statusOpen: '已发送', statusAccepted: '已采纳', statusDismissed: '未采纳', suggestionBy: '审阅者建议', commentBy: '审阅者评论', approved: '已通过', gone: '此审阅链接已失效', revoked: '已撤销' }],
  ['/en-US', 'en-US', { share: 'Share for review', modeComment: 'You can comment and suggest', noLinks: 'No links yet', made: 'Link created', pageTitle: 'Subtitle review', modeRead: 'Read only', howRead: 'This link is read-only', comment: 'Comment', statusOpen: 'Sent', statusAccepted: 'Accepted', statusDismissed: 'Not taken', suggestionBy: 'Reviewer suggestion', commentBy: 'Reviewer comment', approved: 'Approved', gone: 'This review link no longer works', revoked: 'Revoked' }],
  ['/ja-JP', 'ja-JP', { share: 'レビューに共有', modeComment: 'コメントと提案ができます', noLinks: 'リンクはまだありません', made: 'リンクを作成しました', pageTitle: '字幕レビュー', modeRead: '閲覧のみ', howRead: 'このリンクは閲覧専用です', comment: 'コメント', statusOpen: '送信済み', statusAccepted: '採用済み', statusDismissed: '不採用', suggestionBy: 'レビュアーの提案', commentBy: 'レビュアーのコメント', approved: '承認済み', gone: 'このレビューリンクは使用できません', revoked: '無効化済み' }],
]


/** Creates a link in the open share dialog and answers its address. */
async function makeLink(page: Page, mode: 'read' | 'comment'): Promise<string> {
  const listed = await page.getByTestId('review-link-row').count()
  await page.getByTestId(`review-mode-${mode}`).click()
  await page.getByTestId('review-link-create').click()
  await expect(page.getByTestId('review-link-row')).toHaveCount(listed + 1)
  await expect(page.getByTestId('review-link-made')).toBeVisible()
  return page.getByTestId('review-link-url').inputValue()
}

/** A browser of someone without an account. */
async function reviewerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) })

for (const [prefix, locale, texts] of LOCALES) {
  test(`review links: share, review without an account, accept and dismiss in the editor (${locale})`, async ({ page, browser }) => {
    test.setTimeout(120_000)
    const taskId = await inEditorOfTranslation(page, { srt: SRT, fileName: 'pilot-episode.srt', prefix })

    // The share dialog: no links yet; one to comment and suggest, one read-only, both listed.
    await page.getByTestId('toolbar-share').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(texts.share)
    await expect(page.getByTestId('review-links-empty')).toContainText(texts.noLinks)
    const commentUrl = await makeLink(page, 'comment')
    await expect(page.getByTestId('review-link-made')).toContainText(texts.made)
    expect(commentUrl).toMatch(new RegExp(`^${E2E.cnUrl}${prefix}/review/[A-Za-z0-9_-]{43}$`))
    await expect(page.getByTestId('review-link-row')).toHaveCount(1)
    await shot(page, `review-share-${locale}`)
    const readUrl = await makeLink(page, 'read')
    await expect(page.getByTestId('review-link-row')).toHaveCount(2)
    await expect(page.locator('[data-testid="review-link-row"][data-state="live"]')).toHaveCount(2)
    await page.keyboard.press('Escape')

    // The reviewer, without an account: the lines side by side, a suggestion on line 2, a comment on line 3.
    const reviewer = await reviewerPage(browser)
    await reviewer.goto(commentUrl)
    await expect(reviewer.getByTestId('review-page')).toHaveAttribute('data-mode', 'comment')
    await expect(reviewer.getByText(texts.pageTitle)).toBeVisible()
    await expect(reviewer.getByTestId('review-file')).toHaveText('pilot-episode.srt')
    // The token is in the address: the page sends no referrer and asks not to be indexed.
    await expect(reviewer.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer')
    await expect(reviewer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(reviewer.getByTestId('review-mode')).toHaveText(texts.modeComment)
    await expect(reviewer.getByTestId('review-line')).toHaveCount(4)
    const line2 = reviewer.getByTestId('review-line').nth(1)
    await expect(line2.getByTestId('review-original')).toHaveText('Anna runs to the station.')
    await expect(line2.getByTestId('review-translation')).toHaveText('[fr] Anna runs to the station.')
    await line2.getByTestId('review-comment-open').click()
    await expect(line2.getByTestId('review-comment-open')).toHaveCount(0)
    await line2.getByTestId('review-comment-body').fill('Plus naturel, s’il vous plaît.')
    await line2.getByTestId('review-comment-suggestion').fill('Anna court à la gare.')
    await line2.getByTestId('review-comment-send').click()
    await expect(line2.getByTestId('review-sent')).toHaveCount(1)
    await expect(line2.getByTestId('review-sent')).toContainText(texts.statusOpen)
    await expect(line2.getByTestId('review-sent-suggestion')).toContainText('Anna court à la gare.')
    const line3 = reviewer.getByTestId('review-line').nth(2)
    await line3.getByTestId('review-comment-open').click()
    await line3.getByTestId('review-comment-body').fill('Is "again" needed here?')
    await line3.getByTestId('review-comment-send').click()
    await expect(line3.getByTestId('review-sent')).toHaveCount(1)
    await expect(line3.getByTestId('review-sent-suggestion')).toHaveCount(0)
    await line2.getByTestId('review-comment-open').click()
    await shot(reviewer, `review-page-${locale}`)
    await reviewer.getByTestId('review-video-toggle').click()
    await expect(reviewer.getByTestId('review-video-open')).toBeVisible()
    await shot(reviewer, `review-page-video-${locale}`)

    // The read-only link reads the lines and offers no comment.
    const readOnly = await reviewerPage(browser)
    await readOnly.goto(readUrl)
    await expect(readOnly.getByTestId('review-page')).toHaveAttribute('data-mode', 'read')
    await expect(readOnly.getByTestId('review-mode')).toHaveText(texts.modeRead)
    await expect(readOnly.getByTestId('review-how')).toContainText(texts.howRead)
    await expect(readOnly.getByTestId('review-line')).toHaveCount(4)
    await expect(readOnly.getByTestId('review-comment-open')).toHaveCount(0)
    await shot(readOnly, `review-read-only-${locale}`)

    // The creator's rows show them; accepting changes the line as one undo step, dismissing leaves it.
    await page.reload()
    await editorReady(page)
    await expect(page.getByTestId('toolbar-share-comments')).toContainText('2')
    const row2 = page.getByTestId('segment-row').nth(1)
    const row3 = page.getByTestId('segment-row').nth(2)
    await expect(row2.getByTestId('row-review-comment')).toContainText(texts.suggestionBy)
    await expect(row2.getByTestId('row-review-body')).toHaveText('Plus naturel, s’il vous plaît.')
    await expect(row2.getByTestId('row-review-suggestion')).toContainText('Anna court à la gare.')
    await expect(row3.getByTestId('row-review-comment')).toContainText(texts.commentBy)
    await shot(page, `review-editor-comments-${locale}`)
    // The share dialog lists the rows with comments waiting; one goes to the row.
    await page.getByTestId('toolbar-share').click()
    await expect(page.getByTestId('review-waiting-row')).toHaveCount(2)
    await shot(page, `review-share-waiting-${locale}`)
    await page.getByTestId('review-waiting-row').nth(1).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(row3.locator('[data-field="translatedText"]')).toBeFocused()
    const box2 = row2.locator('[data-field="translatedText"]')
    await row2.getByTestId('row-review-accept').click()
    await expect(box2).toHaveValue('Anna court à la gare.')
    await expect(row2.getByTestId('row-review-comment')).toHaveCount(0)
    await expect.poll(async () => (await pageApi<{ segments: { id: number; translatedText: string }[] }>(page, `/api/tasks/${taskId}`)).segments[1].translatedText).toBe('Anna court à la gare.')
    await page.getByTestId('toolbar-undo').click()
    await expect(box2).toHaveValue('[fr] Anna runs to the station.')
    await expect.poll(async () => (await pageApi<{ segments: { id: number; translatedText: string }[] }>(page, `/api/tasks/${taskId}`)).segments[1].translatedText).toBe('[fr] Anna runs to the station.')
    await row3.getByTestId('row-review-dismiss').click()
    await expect(row3.getByTestId('row-review-comment')).toHaveCount(0)
    await expect(row3.locator('[data-field="translatedText"]')).toHaveValue('[fr] Is the train late again?')
    await expect(page.getByTestId('toolbar-share-comments')).toHaveCount(0)
    const settled = await pageApi<{ segmentId: number; status: string }[]>(page, `/api/tasks/${taskId}/review_comments`)
    expect(settled.map((c) => [c.segmentId, c.status])).toEqual([
      [2, 'accepted'],
      [3, 'dismissed'],
    ])

    // Approve, and revoke the link to comment: the reviewer sees what became of their comments, then that the link is gone.
    await page.getByTestId('toolbar-share').click()
    await page.getByTestId('review-approve').click()
    await expect(page.getByTestId('review-approved')).toHaveText(texts.approved)
    await reviewer.reload()
    await expect(reviewer.getByTestId('review-approved')).toHaveText(texts.approved)
    await expect(reviewer.getByTestId('review-line').nth(1).getByTestId('review-sent')).toContainText(texts.statusAccepted)
    await expect(reviewer.getByTestId('review-line').nth(2).getByTestId('review-sent')).toContainText(texts.statusDismissed)
    await reviewer.getByTestId('review-line').nth(3).getByTestId('review-comment-open').click()
    await reviewer.getByTestId('review-line').nth(3).getByTestId('review-comment-body').fill('One more thing.')
    await page.getByTestId('review-link-row').nth(1).getByTestId('review-link-revoke').click()
    await expect(page.getByTestId('review-link-row').nth(1)).toHaveAttribute('data-state', 'revoked')
    // A comment sent after the revocation is refused, and the open page turns to the link's gone state.
    await reviewer.getByTestId('review-line').nth(3).getByTestId('review-comment-send').click()
    await expect(reviewer.getByTestId('review-gone')).toContainText(texts.gone)
    await expect(page.getByTestId('review-link-row').nth(1)).toContainText(texts.revoked)
    await shot(page, `review-share-links-${locale}`)
    await reviewer.reload()
    await expect(reviewer.getByTestId('review-gone')).toContainText(texts.gone)
    await expect(reviewer.getByTestId('review-line')).toHaveCount(0)
    await shot(reviewer, `review-gone-${locale}`)
    await reviewer.context().close()
    await readOnly.context().close()
  })
}

test('the reviewer plays their own copy of the video: the line on screen is written over it and its row marked', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, await newCreator(1000))
  const taskId = await completedTranslation(page, SRT, 'pilot-episode.srt')
  const { path } = await pageApi<{ path: string }>(page, `/api/tasks/${taskId}/review_links`, { method: 'POST', body: { mode: 'read', expiresInDays: 1 } })
  const webm = await recordTestVideo(page)
  await page.context().clearCookies()
  await page.goto(`${E2E.cnUrl}/en-US${path}`)
  await page.getByTestId('review-video-toggle').click()
  await page.getByTestId('review-video-input').setInputFiles({ name: 'my-copy.webm', mimeType: 'video/webm', buffer: webm })
  const video = page.getByTestId('review-video-player')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0)
  // A click on line 3's time (00:00:04) moves the video there and writes its translation over it.
  await page.getByTestId('review-line').nth(2).getByRole('button', { name: /Play line 3/ }).click()
  await expect(page.getByTestId('review-video-line')).toHaveText('[fr] Is the train late again?')
  await expect(page.getByTestId('review-line').nth(2)).toHaveAttribute('data-playing', 'true')
  await expect(page.getByTestId('review-line').nth(1)).not.toHaveAttribute('data-playing', 'true')
  await shot(page, 'review-video-playing-en-US')
})
