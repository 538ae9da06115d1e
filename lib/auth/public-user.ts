import type { User } from '@prisma/client'

/** The spec's user data (id, email, name, pic, admin): never a hash or provider id. */
export type PublicUser = { id: string; email: string; name: string; pic: string; admin: boolean }

export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email ?? '', name: user.name, pic: user.picture ?? '', admin: user.isAdmin }
}
