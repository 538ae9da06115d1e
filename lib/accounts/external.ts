import 'server-only'
import type { User } from '@prisma/client'
import { db } from '@/lib/db'

/** Fits a provider's display name to our 2-20 character rule (control characters dropped). */
export function fitName(raw: string | undefined | null, fallback: string): string {
  const name = Array.from((raw ?? '').replace(/\p{Cc}/gu, '').trim()).slice(0, 20).join('').trim()
  return Array.from(name).length >= 2 ? name : fallback
}

export type GoogleProfile = { sub: string; email?: string; isEmailVerified: boolean; name?: string; picture?: string }

/**
 * The account of a Google sign-in. Rules: the `sub` is the stable key; an account with the same
 * address is linked only when Google has verified the address; otherwise a new account is made
 * (with the address only when verified and not already taken).
 */
export async function findOrCreateGoogleUser(profile: GoogleProfile): Promise<User> {
  const bySub = await db.user.findUnique({ where: { googleSub: profile.sub } })
  if (bySub) return bySub
  const email = profile.email?.trim().toLowerCase()
  if (email && profile.isEmailVerified) {
    const byEmail = await db.user.findUnique({ where: { email } })
    if (byEmail) {
      return db.user.update({ where: { id: byEmail.id }, data: { googleSub: profile.sub, picture: byEmail.picture ?? profile.picture ?? null } })
    }
  }
  const fallbackName = email ? email.split('@')[0] : 'Google user'
  return db.user.upsert({
    where: { googleSub: profile.sub },
    update: {},
    create: {
      googleSub: profile.sub,
      email: email && profile.isEmailVerified ? email : null,
      name: fitName(profile.name, fitName(fallbackName, 'Google user')),
      picture: profile.picture ?? null,
    },
  })
}

export type WechatProfile = { key: string; nickname?: string; headimgurl?: string }

/** The account of a WeChat sign-in, keyed by unionid (or openid when there is none). */
export async function findOrCreateWechatUser(profile: WechatProfile): Promise<User> {
  return db.user.upsert({
    where: { wechatUnionId: profile.key },
    update: {},
    create: { wechatUnionId: profile.key, name: fitName(profile.nickname, 'WeChat user'), picture: profile.headimgurl || null },
  })
}
