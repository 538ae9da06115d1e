import { expect, test, type Locator, type Page } from '@playwright/test'
import { E2E } from './env'
import { DEMO, newCreator, signIn } from './helpers'

/** Opens the users view and the detail dialog of the user with this address (on whatever page they are). */
async function openDetails(page: Page, email: string): Promise<Locator> {
  await page.getByTestId('menu-users').click()
  await expect(page).toHaveURL(/\/dashboard\/users$/)
  await expect(page.getByTestId('users-view')).toBeVisible()
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`)
  const pager = page.getByTestId('users-pager')
  // Newest first: the seeded accounts sit on the last page once other specs have added users.
  if (!(await row.isVisible())) {
    await pager.locator('select').selectOption('50')
    await pager.locator('#users-jump').fill('9999')
    await pager.locator('#users-jump').press('Enter')
  }
  await row.getByTestId('user-details').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('user-detail-balance')).toBeVisible({ timeout: 15_000 })
  return dialog
}

const balanceOf = async (dialog: Locator) => Number(await dialog.getByTestId('user-detail-balance').getAttribute('data-points'))
const entryCount = async (dialog: Locator) => Number((await dialog.getByTestId('tab-entries').innerText()).replace(/\D/g, ''))

// Tall enough that the whole detail dialog fits in its screenshot.
test.use({ viewport: { width: 1440, height: 1200 } })

test.describe('managers', () => {
  test('grant points to a creator with a reason: balance and ledger change once (zh-CN)', async ({ page }) => {
    const creator = await newCreator(500)
    await signIn(page, DEMO.manager)
    const dialog = await openDetails(page, creator.email)
    await expect(dialog.getByTestId('user-detail-name')).toHaveText(/\S/)
    const before = await balanceOf(dialog)
    const entries = await entryCount(dialog)

    // The reason is required, and checked before anything is sent.
    await dialog.getByTestId('adjust-points').fill('100')
    await dialog.getByTestId('adjust-submit').click()
    await expect(dialog.getByText('请输入原因')).toBeVisible()

    const reason = `活动补偿 ${Date.now().toString(36)}`
    await dialog.getByTestId('adjust-reason').fill(reason)
    await expect(dialog.getByText(`调整后余额：${(before + 100).toLocaleString('zh-CN')} 积分`)).toBeVisible()
    // A double click is one submit: the idempotency key makes the server apply it once.
    await dialog.getByTestId('adjust-submit').dblclick()
    await expect(page.getByText(/^已为.+增加 100 积分$/)).toBeVisible()
    await expect(dialog.getByTestId('user-detail-balance')).toHaveAttribute('data-points', String(before + 100))
    await expect(dialog.getByTestId('user-detail-balance')).toHaveText(`${(before + 100).toLocaleString('zh-CN')} 积分`)
    const newest = dialog.getByTestId('ledger-row').first()
    await expect(newest).toContainText(reason)
    await expect(newest).toContainText('+100')
    await expect(newest).toContainText('赠送')
    expect(await entryCount(dialog)).toBe(entries + 1)
    await dialog.screenshot({ path: test.info().outputPath('user-detail-zh-CN.png') })

    // The grant is a lot that stays valid for one year.
    await dialog.getByTestId('tab-lots').click()
    const lot = dialog.getByTestId('lot-row').first()
    await expect(lot).toContainText('赠送')
    await expect(lot).toContainText(`${new Date().getFullYear() + 1}年`)
    await dialog.screenshot({ path: test.info().outputPath('user-detail-lots-zh-CN.png') })
    await dialog.getByTestId('tab-entries').click()

    // Deducting more than the balance changes nothing.
    await dialog.locator('label', { has: page.getByTestId('adjust-deduct') }).click()
    await dialog.getByTestId('adjust-points').fill(String(before + 101))
    await expect(dialog.getByText('超过当前余额')).toBeVisible()
    await dialog.getByTestId('adjust-reason').fill('扣除测试')
    await dialog.getByTestId('adjust-submit').click()
    await expect(dialog.getByRole('alert').filter({ hasText: '积分不足' })).toBeVisible()
    await expect(dialog.getByTestId('user-detail-balance')).toHaveAttribute('data-points', String(before + 100))
    // The failure belongs to what was sent: changing the form hides it.
    await dialog.locator('label', { has: page.getByTestId('adjust-grant') }).click()
    await expect(dialog.getByRole('alert').filter({ hasText: '积分不足' })).toHaveCount(0)

    // The creator sees the new balance in their own dashboard.
    await page.context().clearCookies()
    await signIn(page, creator)
    await page.getByTestId('menu-orders').click()
    await expect(page).toHaveURL(/\/dashboard\/orders$/)
    await expect(page.getByTestId('balance-points')).toHaveText(`${(before + 100).toLocaleString('zh-CN')} 积分`)
  })

  test('edit a user\'s name and role, never one\'s own manager role (en-US)', async ({ page }) => {
    await signIn(page, { ...DEMO.manager, baseUrl: E2E.intlUrl })
    const email = `managed-${Date.now().toString(36)}@example.com`
    const created = await page.evaluate(async (address) => {
      const res = await fetch('/api/user/create_user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address, name: 'Managed One', pass: 'secret123' }) })
      return (await res.json()).code
    }, email)
    expect(created).toBe(20000)

    const dialog = await openDetails(page, email)
    await expect(dialog.getByTestId('user-detail-name')).toHaveText('Managed One')
    await expect(dialog.getByText('No points activity yet')).toBeVisible()
    await dialog.getByTestId('tab-orders').click()
    await expect(dialog.getByText('No orders yet')).toBeVisible()
    await dialog.getByTestId('tab-entries').click()

    await dialog.getByTestId('edit-user-name').fill('M')
    await dialog.getByTestId('edit-user-save').click()
    await expect(dialog.getByText('name must be 2 to 20 characters')).toBeVisible()
    await dialog.getByTestId('edit-user-name').fill('Team Lead')
    await dialog.getByTestId('edit-user-role').click()
    await page.getByRole('option', { name: 'Administrator' }).click()
    await dialog.getByTestId('edit-user-save').click()
    await expect(page.getByText('Changes saved')).toBeVisible()
    await expect(dialog.getByTestId('user-detail-name')).toHaveText('Team Lead')
    await expect(dialog.getByRole('heading', { level: 2 })).toContainText('Administrator')

    await dialog.getByTestId('adjust-points').fill('250')
    await dialog.getByTestId('adjust-reason').fill('Welcome bonus for the team lead')
    await dialog.getByTestId('adjust-submit').click()
    await expect(dialog.getByTestId('user-detail-balance')).toHaveText('250 points')
    await expect(dialog.getByTestId('ledger-row').first()).toContainText('Welcome bonus for the team lead')
    await dialog.screenshot({ path: test.info().outputPath('user-detail-en-US.png') })
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expect(page.locator(`[data-testid="user-row"][data-email="${email}"]`)).toContainText('Team Lead')

    // Their own role cannot be removed here.
    const own = await openDetails(page, DEMO.manager.email)
    await expect(own.getByTestId('edit-user-role')).toBeDisabled()
    await expect(own.getByText('You cannot remove your own administrator role.')).toBeVisible()
  })

  test('user management is for managers only: a creator has no menu item, the page redirects (zh-CN)', async ({ page }) => {
    await signIn(page, DEMO.user)
    const notice = page.getByText('只有管理员才能使用该功能。')
    await expect(page.getByTestId('menu-tasks')).toBeVisible()
    await expect(page.getByTestId('menu-users')).toHaveCount(0)

    // Typed in, the server guard sends them home, and home sends a signed-in visitor to the dashboard.
    await page.goto(`${E2E.cnUrl}/dashboard/users`)
    await expect(notice).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('users-view')).toHaveCount(0)
  })

  test('the dialog speaks Japanese on /ja-JP', async ({ page }) => {
    const creator = await newCreator(300)
    await signIn(page, { ...DEMO.manager, baseUrl: E2E.intlUrl })
    await page.goto(`${E2E.intlUrl}/ja-JP/dashboard`)
    const dialog = await openDetails(page, creator.email)
    await expect(dialog.getByText('ポイントを調整')).toBeVisible()
    await expect(dialog.getByTestId('adjust-submit')).toHaveText('ポイントを付与')
    await dialog.getByTestId('adjust-submit').click()
    await expect(dialog.getByText('理由を入力してください')).toBeVisible()
    await dialog.getByTestId('tab-lots').click()
    await expect(dialog.getByTestId('lot-row').first()).toContainText('付与')
    await dialog.screenshot({ path: test.info().outputPath('user-detail-ja-JP.png') })
  })
})
