import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, request, test } from '@playwright/test'
import { E2E } from './env'
import { newCreator, signIn } from './helpers'

// The profile's API and webhooks page in a browser: a key made (shown once), used by a script,
// revoked; a webhook endpoint on the loopback address (listed for the e2e server) with its secret
// shown once, a test event delivered and listed with the receiver's answer code; and the page in
// zh-CN, en-US and ja-JP. It saves `developers-<locale>.png` under its `test-results/` folder.

async function callWithKey(key: string) {
  const api = await request.newContext({ baseURL: E2E.apiUrl, extraHTTPHeaders: { host: E2E.cnHost, authorization: `Bearer ${key}` } })
  try {
    const res = await api.get('/api/tasks?page=1&size=10')
    return { status: res.status(), body: await res.text() }
  } finally {
    await api.dispose()
  }
}

test('API keys and webhooks from the profile, in three languages', async ({ page }) => {
  test.setTimeout(90_000)
  const heard: string[] = []
  const receiver = createServer((req, res) => {
    heard.push(String(req.headers['webhook-id']))
    req.resume()
    req.on('end', () => res.writeHead(200).end())
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`

  await signIn(page, await newCreator(0))
  await page.getByTestId('profile-menu-trigger').click()
  await page.getByTestId('profile-developers').click()
  await expect(page.locator('#developers-heading')).toHaveText('API 与 Webhook')
  await expect(page.getByTestId('menu-developers')).toHaveAttribute('aria-current', 'page')

  // A read-only key: shown once, listed by its prefix, works for a script until revoked.
  await page.getByTestId('api-key-name').fill('夜间脚本')
  await page.getByTestId('api-key-create').click()
  const key = (await page.getByTestId('api-key-made-value').textContent())!
  expect(key).toMatch(/^ss_live_/)
  await expect(page.getByTestId('api-key-row')).toHaveCount(1)
  await expect(page.getByTestId('api-key-row')).toContainText(`${key.slice(0, 12)}…`)
  await expect(page.getByTestId('api-key-row')).toContainText('读取任务')
  expect((await callWithKey(key)).status).toBe(200)
  await page.getByTestId('api-key-made').getByRole('button', { name: '完成' }).click()
  await expect(page.getByTestId('api-key-made')).toBeHidden()
  await page.reload()
  expect(await page.content()).not.toContain(key)

  // An address on a private network is refused with a message; the loopback receiver is listed.
  await page.getByTestId('webhook-url').fill('http://10.0.0.1/hook')
  await page.getByTestId('webhook-create').click()
  await expect(page.getByText('该地址位于私有或本地网络，无法接收 Webhook')).toBeVisible()
  await page.getByTestId('webhook-url').fill(hookUrl)
  await page.getByTestId('webhook-create').click()
  await expect(page.getByTestId('webhook-secret-value')).toHaveText(/^whsec_/)
  await page.getByTestId('webhook-test').click()
  await expect(page.getByTestId('webhook-delivery-code')).toHaveText('200', { timeout: 20_000 })
  await expect(page.getByTestId('webhook-delivery')).toContainText('已送达')
  expect(heard).toHaveLength(1)

  for (const [prefix, locale, title, delivered, keys, events] of [
    ['', 'zh-CN', 'API 与 Webhook', '已送达', 'API 密钥', '任务完成 · 任务失败'],
    ['/en-US', 'en-US', 'API and webhooks', 'Delivered', 'API keys', 'Task completed · Task failed'],
    ['/ja-JP', 'ja-JP', 'API と Webhook', '配信済み', 'API キー', 'タスク完了 · タスク失敗'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${E2E.cnUrl}${prefix}/dashboard/developers`)
    await expect(page.locator('#developers-heading')).toHaveText(title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByTestId('api-keys')).toContainText(keys)
    await expect(page.getByTestId('webhook-delivery')).toContainText(delivered)
    await expect(page.getByTestId('webhook-endpoint')).toContainText(events)
    await page.screenshot({ path: test.info().outputPath(`developers-${locale}.png`), fullPage: true })
  }

  // Revoked: the script's next call is refused, and the row says so.
  await page.goto(`${E2E.cnUrl}/en-US/dashboard/developers`)
  await page.getByTestId('api-key-revoke').click()
  await expect(page.getByTestId('api-key-row')).toContainText('Revoked')
  const refused = await callWithKey(key)
  expect(refused.status).toBe(401)
  expect(refused.body).not.toContain(key)
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})
