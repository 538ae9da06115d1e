import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E } from './env'
import { DEMO, readMailedCode, setPasswordAfterTypo, signIn, signInWithForm, uniqueEmail } from './helpers'

const picture = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#4f46e5' } }).png().toBuffer()

async function openProfileMenu(page: Page) {
  // A click that lands before hydration does nothing: retry until the menu is open.
  await expect(async () => {
    await page.getByTestId('profile-menu-trigger').click()
    await expect(page.getByTestId('profile-points')).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

async function signOut(page: Page) {
  await openProfileMenu(page)
  await page.getByTestId('profile-logout').click()
  await expect(page).toHaveURL(/\/login$/)
}

test.describe('email accounts', () => {
  test('register with a mailed code, sign out, sign in, edit name and avatar', async ({ page }) => {
    const email = uniqueEmail('reg')
    await page.goto(`${E2E.cnUrl}/register`)
    await page.getByTestId('register-submit').click()
    await expect(page.getByText('请输入邮箱地址')).toBeVisible()
    await page.getByTestId('register-email').fill(email)
    await page.getByTestId('register-get-code').click()
    await expect(page.getByTestId('register-get-code')).toBeDisabled()
    await expect(page.getByTestId('register-get-code')).toContainText('秒后重发')
    const code = await readMailedCode(email)
    await page.getByTestId('register-name').fill('新用户')
    await page.getByTestId('register-pass').fill('secret123')
    await page.getByTestId('register-code').fill(code)
    await page.getByTestId('register-submit').click()
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })
    await expect(page.getByTestId('profile-name-label')).toHaveText('新用户')

    await signOut(page)
    await page.getByTestId('login-email').fill(email)
    await page.getByTestId('login-password').fill('wrong-password')
    await page.getByTestId('login-submit').click()
    await expect(page.getByRole('alert').filter({ hasText: '邮箱或密码不正确' })).toBeVisible()
    await signInWithForm(page, { email, password: 'secret123' })

    await openProfileMenu(page)
    await page.getByTestId('profile-edit').click()
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture() })
    const dialog = page.getByRole('dialog')
    await expect(dialog.locator('img[src^="/api/files/avatars/"]')).toBeVisible()
    await page.getByTestId('profile-name').fill('改名用户')
    await page.getByTestId('profile-save').click()
    await expect(page.getByText('资料已更新')).toBeVisible()
    await expect(page.getByTestId('profile-name-label')).toHaveText('改名用户')
    await page.reload()
    await expect(page.getByTestId('profile-name-label')).toHaveText('改名用户')
    await expect(page.getByTestId('profile-menu-trigger').locator('img')).toHaveAttribute('src', /\/api\/files\/avatars\/.+\.webp$/)
  })

  test('a manager creates and deletes a user', async ({ page }) => {
    const email = uniqueEmail('made')
    await signIn(page, { ...DEMO.manager, baseUrl: E2E.intlUrl })
    await page.getByTestId('menu-users').click()
    await expect(page).toHaveURL(/\/dashboard\/users$/)
    await expect(page.getByTestId('users-view')).toBeVisible()
    await page.getByTestId('users-create').click()
    await page.getByTestId('create-email').fill(email)
    await page.getByTestId('create-name').fill('Made By Admin')
    await setPasswordAfterTypo(page, { fields: 'create', submit: 'create-user-submit', password: 'secret123', typo: 'secret124', mismatch: 'two passwords do not match' })
    await expect(page.getByText('user created')).toBeVisible()
    const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`)
    await expect(row).toBeVisible()
    await row.getByTestId('user-delete').click()
    await expect(page.getByRole('dialog')).toContainText('cannot be undone')
    await page.getByTestId('user-delete-confirm').click()
    await expect(page.getByText('user Made By Admin deleted')).toBeVisible()
    await expect(row).toHaveCount(0)
  })
})

test.describe('other sign-in methods', () => {
  test('Google sign-in on the international host, against the local OpenID provider', async ({ page }) => {
    await page.goto(`${E2E.intlUrl}/login`)
    await page.getByTestId('tab-google').click()
    await page.getByTestId('google-login').click()
    await expect(page.getByTestId('callback-success')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'login successful' })).toBeVisible()
    await expect(page.getByTestId('callback-success')).toContainText('Welcome, Google Tester')
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 10_000 })
  })

  test('the China host has no Google tab', async ({ page }) => {
    await page.goto(`${E2E.cnUrl}/login`)
    await expect(page.getByTestId('wechat-panel')).toBeVisible()
    await expect(page.getByTestId('tab-google')).toHaveCount(0)
  })

  test('WeChat sign-in through the sandbox QR panel', async ({ page }) => {
    const nickname = `微信${Date.now().toString(36).slice(-5)}`
    await page.goto(`${E2E.cnUrl}/login`)
    const frame = page.frameLocator('[data-testid="wechat-sandbox-frame"]')
    await frame.locator('input[name="nickname"]').fill(nickname)
    await frame.getByTestId('wechat-simulate-scan').click()
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 })
    await expect(page.getByTestId('profile-name-label')).toHaveText(nickname)
  })
})

test.describe('sign-in pages', () => {
  test('have a title, a description and noindex in each language', async ({ page }) => {
    for (const [url, title, lang] of [
      [`${E2E.cnUrl}/login`, '登录 – 字幕工作室', 'zh-CN'],
      [`${E2E.intlUrl}/register`, 'Create an account – Subtitle Studio', 'en-US'],
      [`${E2E.intlUrl}/ja-JP/login`, 'ログイン – Subtitle Studio', 'ja-JP'],
      [`${E2E.cnUrl}/en-US/auth/callback?error=provider`, 'Signing in – Subtitle Studio', 'en-US'],
    ] as const) {
      await page.goto(url)
      await expect(page).toHaveTitle(title)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    }
  })

  test('the callback page fails clearly when Google is not offered', async ({ page }) => {
    await page.goto(`${E2E.cnUrl}/en-US/login`)
    // The China host has no Google sign-in: starting it anyway lands on the failure screen.
    await page.goto(`${E2E.cnUrl}/api/google/auth?redirect_uri=${encodeURIComponent('/en-US/auth/callback')}`)
    await expect(page.getByTestId('callback-failed')).toContainText('Google sign-in is not available on this site')
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /\/login$/)
  })

  test('the development mailbox does not exist in production', async ({ page }) => {
    const res = await page.goto(`${E2E.cnUrl}/dev/mailbox`)
    expect(res?.status()).toBe(404)
  })
})

