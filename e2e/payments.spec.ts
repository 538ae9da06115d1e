import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { newCreator, signIn, type Credentials } from './helpers'

// Buying points end to end against the sandbox Alipay and Airwallex fakes: buy-points view →
// provider checkout → back to the dashboard's result dialog → balance and my orders. Each test buys
// as a creator of its own, so no other spec's spending or buying moves the balance it checks.

let creator: Credentials
test.beforeEach(async () => {
  creator = await newCreator(200)
})

async function balanceOf(page: Page): Promise<number> {
  const text = await page.getByTestId('balance-points').innerText()
  return Number(text.replace(/[^\d]/g, ''))
}

async function openPurchase(page: Page) {
  await page.getByTestId('menu-points').click()
  await expect(page).toHaveURL(/\/dashboard\/points$/)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect(page.getByTestId('balance-points')).toBeVisible()
}

/** The creator signed in on `baseUrl` (the China host by default), on the buy-points view: the balance before, and pack `productId`'s card. */
async function atPack(page: Page, productId: number, baseUrl = E2E.cnUrl) {
  await signIn(page, { ...creator, baseUrl })
  await openPurchase(page)
  return { before: await balanceOf(page), pack: page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`) }
}

test('buys points with Alipay on the China host, in yuan', async ({ page }) => {
  test.setTimeout(60_000)
  const { before, pack } = await atPack(page, 1)
  await expect(pack.getByTestId('product-price')).toHaveText('¥19.90')
  await expect(pack.getByTestId('pay-alipay')).toHaveText('支付宝 ¥19.90')

  // The Alipay page opens in a new tab; paying there brings that tab back to the dashboard.
  const [tab] = await Promise.all([page.waitForEvent('popup'), pack.getByTestId('pay-alipay').click()])
  await expect(tab.getByTestId('alipay-amount')).toHaveText('¥ 19.90')
  await tab.getByTestId('alipay-pay').click()
  await expect(tab.getByTestId('payment-success')).toBeVisible({ timeout: 15_000 })
  await expect(tab).not.toHaveURL(/out_trade_no/)
  await expect(tab.getByTestId('payment-success')).toContainText(`${(before + 300).toLocaleString('en-US')} 积分`)
  await tab.getByRole('button', { name: '查看我的订单' }).click()
  await expect(tab).toHaveURL(/\/dashboard\/orders$/)
  const row = tab.getByTestId('order-row').first()
  await expect(row).toHaveAttribute('data-status', '2')
  await expect(row).toContainText('已支付')
  await expect(row.getByTestId('order-price')).toHaveText('¥19.90')
  await expect.poll(() => balanceOf(tab)).toBe(before + 300)

  // The first tab shows the new balance when it is looked at again.
  await page.bringToFront()
  await page.reload()
  await openPurchase(page)
  await expect.poll(() => balanceOf(page)).toBe(before + 300)
  // The notification Alipay sent was answered `success` exactly as expected.
  const notifies = (await (await fetch(`${E2E.fakes.alipay}/sandbox/notifies`)).json()) as { body: string }[]
  expect(notifies.some((n) => n.body === 'success')).toBe(true)
})

test('buys points by card on the international host, in dollars', async ({ page }) => {
  test.setTimeout(60_000)
  const { before, pack } = await atPack(page, 11, E2E.intlUrl)
  await expect(pack.getByTestId('product-price')).toHaveText('$8.99')
  await pack.getByTestId('pay-card').click()
  await expect(page.getByTestId('airwallex-amount')).toHaveText('USD 8.99')
  await page.getByTestId('airwallex-pay').click()
  await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 15_000 })
  await expect(page).not.toHaveURL(/airwallex_success/)
  await page.getByRole('button', { name: 'View my orders' }).click()
  const row = page.getByTestId('order-row').first()
  await expect(row).toContainText('Paid')
  await expect(row.getByTestId('order-price')).toHaveText('$8.99')
  await expect.poll(() => balanceOf(page)).toBe(before + 1000)
})

test('buys points by card on the China host (yuan shown, the card pays dollars)', async ({ page }) => {
  test.setTimeout(60_000)
  const { before, pack } = await atPack(page, 2)
  await expect(pack.getByTestId('product-price')).toHaveText('¥59.90')
  await expect(pack.getByTestId('pay-card')).toHaveText('银行卡 $8.99')
  await pack.getByTestId('pay-card').click()
  await expect(page.getByTestId('airwallex-amount')).toHaveText('USD 8.99')
  await page.getByTestId('airwallex-pay').click()
  await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: '查看我的订单' }).click()
  await expect(page.getByTestId('order-row').first().getByTestId('order-price')).toHaveText('$8.99')
  await expect.poll(() => balanceOf(page)).toBe(before + 1000)
})

test('buys points with Alipay on the international host (dollars shown, Alipay pays yuan)', async ({ page }) => {
  test.setTimeout(60_000)
  const { before, pack } = await atPack(page, 12, E2E.intlUrl)
  await expect(pack.getByTestId('product-price')).toHaveText('$38.99')
  const [tab] = await Promise.all([page.waitForEvent('popup'), pack.getByTestId('pay-alipay').click()])
  await expect(tab.getByTestId('alipay-amount')).toHaveText('¥ 269.00')
  await tab.getByTestId('alipay-pay').click()
  await expect(tab.getByTestId('payment-success')).toBeVisible({ timeout: 15_000 })
  await expect(tab).toHaveURL(/^http:\/\/intl\.localhost:\d+\/dashboard/)
  await tab.getByRole('button', { name: 'View my orders' }).click()
  await expect(tab.getByTestId('order-row').first().getByTestId('order-price')).toHaveText('¥269.00')
  await expect.poll(() => balanceOf(tab)).toBe(before + 5000)
})

test('a cancelled card payment shows the failure dialog and grants nothing', async ({ page }) => {
  await signIn(page, { ...creator, baseUrl: E2E.intlUrl })
  await openPurchase(page)
  const before = await balanceOf(page)
  await page.locator('[data-testid="product-card"][data-product-id="11"]').getByTestId('pay-card').click()
  await page.getByTestId('airwallex-cancel').click()
  await expect(page.getByTestId('payment-failed')).toContainText('The card payment did not go through')
  await expect(page).not.toHaveURL(/airwallex_fail/)
  await page.getByRole('button', { name: 'Pay again' }).click()
  await expect(page).toHaveURL(/\/dashboard\/points$/)
  await expect(page.getByTestId('purchase-view')).toBeVisible()
  expect(await balanceOf(page)).toBe(before)
})

test('the old buy-points and orders addresses open their pages', async ({ page }) => {
  await signIn(page, { ...creator, baseUrl: E2E.intlUrl })
  await page.goto(`${E2E.intlUrl}/dashboard?view=purchase`)
  await expect(page).toHaveURL(/\/dashboard\/points$/)
  await expect(page.getByTestId('purchase-view')).toBeVisible()
  await expect(page.getByTestId('menu-points')).toHaveAttribute('aria-current', 'page')
  await page.goto(`${E2E.intlUrl}/ja-JP/dashboard?view=orders`)
  await expect(page).toHaveURL(/\/ja-JP\/dashboard\/orders$/)
  await expect(page.getByTestId('orders-view')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('注文履歴')
  await page.goto(`${E2E.intlUrl}/assets`)
  await expect(page).toHaveURL(/\/dashboard\/points$/)
})

test('the side menu fetches a section ahead only once it is pointed at, then opens it', async ({ page }) => {
  const ahead: string[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (url.searchParams.has('_rsc')) ahead.push(url.pathname)
  })
  await signIn(page, creator)
  await page.waitForLoadState('networkidle')
  // On screen is not enough: each section prefetched would be a page rendered for every dashboard view.
  expect(ahead.filter((path) => path.startsWith('/dashboard/'))).toEqual([])
  await page.getByTestId('menu-orders').hover()
  await expect.poll(() => ahead).toContain('/dashboard/orders')
  expect(ahead).not.toContain('/dashboard/glossary')
  await page.getByTestId('menu-orders').click()
  await expect(page).toHaveURL(/\/dashboard\/orders$/)
  await expect(page.getByTestId('orders-view')).toBeVisible()
})

test('the payment result pages: missing parameters, and the failure page with its id', async ({ page }) => {
  await page.goto(`${E2E.intlUrl}/payment-success?id=int_x`)
  await expect(page.getByTestId('payment-missing')).toContainText('missing required payment parameters')
  await page.goto(`${E2E.cnUrl}/payment-success`)
  await expect(page.getByTestId('payment-missing')).toContainText('缺少必要的支付参数')
  await page.goto(`${E2E.intlUrl}/ja-JP/payment-fail?id=int_abc`)
  await expect(page.getByTestId('payment-fail-id')).toHaveText('支払い ID：int_abc')
  await page.getByRole('link', { name: 'もう一度支払う' }).click()
  await expect(page).toHaveURL(/\/ja-JP\/login/)
})
