import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E } from './env'
import { readMailedCode, setPasswordAfterTypo, uniqueEmail } from './helpers'

const api = { host: E2E.cnHost }

/** How many coded mails an address has received, to wait for the next one. */
async function mailCount(to: string): Promise<number> {
  const res = await fetch(`${E2E.fakes.smtpInbox}/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: { code: string | null }[] }).messages.filter((m) => m.code).length
}

async function nextCode(to: string, before: number): Promise<string> {
  await expect.poll(() => mailCount(to), { timeout: 10_000 }).toBeGreaterThan(before)
  return readMailedCode(to)
}

/** An account made through the API (the sign-up flow has its own test), signed in on a page of its own. */
async function accountSignedInElsewhere(request: APIRequestContext, page: Page, email: string, password: string) {
  await request.post(`${E2E.apiUrl}/api/user/send_code`, { headers: api, data: { email } })
  const code = await nextCode(email, 0)
  const registered = await request.post(`${E2E.apiUrl}/api/user/register`, { headers: api, data: { email, name: 'Forgetful', pass: password, code } })
  expect((await registered.json()).code).toBe(20000)
  await page.goto(`${E2E.cnUrl}/login`)
  await page.getByTestId('login-email').fill(email)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })
}

test.describe('account recovery', () => {
  test('forgot password: link on /login, mailed code, new password, other sessions end', async ({ page, browser, request }) => {
    const email = uniqueEmail('forgot')
    const elsewhere = await (await browser.newContext()).newPage()
    await accountSignedInElsewhere(request, elsewhere, email, 'first-secret')

    await page.goto(`${E2E.cnUrl}/login`)
    await page.getByTestId('login-forgot-link').click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible()
    const before = await mailCount(email)
    await page.getByTestId('forgot-email').fill(email)
    await expect(async () => {
      await page.getByTestId('forgot-get-code').click()
      await expect(page.getByTestId('forgot-get-code')).toBeDisabled({ timeout: 2_000 })
    }).toPass({ timeout: 15_000 })
    const code = await nextCode(email, before)
    await page.getByTestId('forgot-code').fill(code)
    await setPasswordAfterTypo(page, { fields: 'forgot', submit: 'forgot-submit', password: 'second-secret', typo: 'second-secreT', mismatch: '两次输入的密码不一致' })
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })
    await expect(page.getByTestId('profile-name-label')).toHaveText('Forgetful')

    // The session signed in before the reset has ended.
    await elsewhere.reload()
    await expect(elsewhere).toHaveURL(/\/login/, { timeout: 15_000 })
    await elsewhere.getByTestId('login-email').fill(email)
    await elsewhere.getByTestId('login-password').fill('first-secret')
    await elsewhere.getByTestId('login-submit').click()
    await expect(elsewhere.getByRole('alert').filter({ hasText: '邮箱或密码不正确' })).toBeVisible()
  })

  test('change password from the profile menu, then sign out everywhere (English)', async ({ page, browser, request }) => {
    const email = uniqueEmail('change')
    const elsewhere = await (await browser.newContext()).newPage()
    await accountSignedInElsewhere(request, elsewhere, email, 'first-secret')
    await page.goto(`${E2E.intlUrl}/login`)
    await page.getByTestId('login-email').fill(email)
    await page.getByTestId('login-password').fill('first-secret')
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })

    await expect(async () => {
      await page.getByTestId('profile-menu-trigger').click()
      await expect(page.getByTestId('profile-change-password')).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await page.getByTestId('profile-change-password').click()
    await page.getByTestId('change-current').fill('not-my-password')
    await page.getByTestId('change-pass').fill('second-secret')
    await page.getByTestId('change-confirm').fill('second-secret')
    await page.getByTestId('change-password-submit').click()
    await expect(page.getByRole('dialog')).toContainText('the current password is incorrect')
    await page.getByTestId('change-current').fill('first-secret')
    await page.getByTestId('change-password-submit').click()
    await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible()
    await elsewhere.reload()
    await expect(elsewhere).toHaveURL(/\/login/, { timeout: 15_000 })

    await page.reload()
    await expect(page.getByTestId('profile-name-label')).toHaveText('Forgetful')
    await expect(async () => {
      await page.getByTestId('profile-menu-trigger').click()
      await expect(page.getByTestId('profile-logout-all')).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await page.getByTestId('profile-logout-all').click()
    await expect(page).toHaveURL(/\/login$/)
  })
})
