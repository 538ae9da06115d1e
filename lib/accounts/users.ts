import 'server-only'
import type { User } from '@prisma/client'
import { createSession, endUserSessions } from '@/lib/auth/sessions'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { toPage, type Page } from '@/lib/pagination'
import { log } from '@/lib/log'
import { appStorage } from '@/lib/storage/app-storage'
import { translatedFilesOf } from '@/lib/tasks/upkeep'
import { AVATAR_URL_PREFIX } from './schemas'
import { consumeCode } from './codes'
import { hashPassword } from './passwords'

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002'
}

/**
 * Registers an email account and starts its first session. Rules: the code is checked (and used
 * up) before anything else, so the answer never tells a stranger whether an address is taken;
 * a taken address is 40900.
 */
export async function registerUser(input: { email: string; name: string; password: string; code: string }): Promise<{ user: User; token: string }> {
  await consumeCode({ email: input.email, code: input.code })
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } })
      return { user, token: await createSession({ userId: user.id, tx }) }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'emailTaken')
    throw error
  }
}

/** Creates an email account without a code (a manager's create_user; the seed's accounts). A taken address is 40900. */
export async function createUser(input: { email: string; name: string; password: string; picture?: string; isAdmin?: boolean }): Promise<User> {
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.user.create({ data: { email: input.email, name: input.name, passwordHash, picture: input.picture || null, isAdmin: input.isAdmin ?? false } })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'emailTaken')
    throw error
  }
}

/** Updates a user's display name and, when given, picture ('' removes it). */
export async function updateProfile({ userId, name, picture }: { userId: string; name: string; picture?: string }): Promise<User> {
  return db.user.update({ where: { id: userId }, data: { name, ...(picture === undefined ? {} : { picture: picture || null }) } })
}

/**
 * Deletes a user and ends all their sessions in the same transaction, so their token is refused
 * at once, then removes their stored files (translated files, avatar). Rules: a manager cannot
 * delete themself (40300); an unknown id is 40400; their orders and ledger entries stay, without
 * the link to them (payment records are kept five years).
 */
export async function deleteUser({ id, actorId }: { id: string; actorId: string }): Promise<User> {
  if (id === actorId) throw new AppError('forbidden', 'cannotDeleteSelf')
  const { user, keys } = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id } })
    if (!user) throw new AppError('not_found', 'userNotFound')
    const keys = await translatedFilesOf({ userId: id, tx })
    await endUserSessions({ userId: id, tx })
    await tx.user.delete({ where: { id } })
    if (user.picture?.startsWith(AVATAR_URL_PREFIX)) keys.push(`avatars/${user.picture.slice(AVATAR_URL_PREFIX.length)}`)
    return { user, keys }
  })
  // Their files go after the rows: a storage hiccup leaves an orphan file (logged), never a half-deleted account.
  const storage = appStorage()
  for (const key of keys) await storage.delete(key).catch((error) => log.warn('accounts.file_delete_failed', { key, error }))
  return user
}

export type UserPage = Page<User>

/** Users newest first: all of them, or one page as a page object. */
export async function listUsers(): Promise<User[]>
export async function listUsers(page: { page: number; size: number }): Promise<UserPage>
export async function listUsers(page?: { page: number; size: number }): Promise<User[] | UserPage> {
  const orderBy = [{ createdAt: 'desc' as const }, { id: 'asc' as const }]
  if (!page) return db.user.findMany({ orderBy })
  const [totalCount, list] = await db.$transaction([
    db.user.count(),
    db.user.findMany({ orderBy, skip: (page.page - 1) * page.size, take: page.size }),
  ])
  return toPage({ list, page: page.page, size: page.size, totalCount })
}

/** A user's email address, or null for none (a WeChat-only account) or no such user: where a receipt goes. */
export async function emailOf(userId: string): Promise<string | null> {
  return (await db.user.findUnique({ where: { id: userId }, select: { email: true } }))?.email ?? null
}
