import 'server-only'
import { cookies, headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { cache } from 'react'
import type { User } from '@prisma/client'
import { isLocale } from '@/lib/i18n/routing'
import { localizedPath } from '@/lib/i18n/paths'
import { requestHost, resolveEdition } from '@/lib/site'
import { SESSION_COOKIE } from './cookie-name'
import { unsealToken } from './cookie'
import { resolveSession } from './sessions'

/** Path of a page in a locale as seen on the current host (its default locale has no prefix). */
export async function localized(locale: string, path: string): Promise<string> {
  const h = await headers()
  const { defaultLocale } = resolveEdition(requestHost(h))
  return localizedPath(isLocale(locale) ? locale : defaultLocale, path, defaultLocale)
}

/**
 * The session cookie and its user, read once per request: the layouts and the page of one request
 * all ask for it, and React's cache() hands them the same answer.
 */
const sessionOfRequest = cache(async (): Promise<{ raw: string | undefined; user: User | undefined }> => {
  const jar = await cookies()
  const raw = jar.get(SESSION_COOKIE)?.value
  const token = await unsealToken(raw)
  return { raw, user: token ? (await resolveSession(token))?.user : undefined }
})

/** For pages: the signed-in user, reloaded from the database once per request; otherwise a redirect to /login. */
export async function requireUser(locale: string): Promise<User> {
  const { raw, user } = await sessionOfRequest()
  if (user) return user
  const login = await localized(locale, '/login')
  // A dead cookie would send / back to the dashboard forever: clear it on the way to /login.
  redirect(raw ? `/api/user/logout?next=${encodeURIComponent(login)}` : login)
}

/** For pages: a manager; others are sent home with the "administrators only" notice. */
export async function requireManager(locale: string): Promise<User> {
  const user = await requireUser(locale)
  if (!user.isAdmin) redirect(`${await localized(locale, '/')}?notice=admin-only`)
  return user
}
