import type { User } from '@prisma/client'
import type { PublicUser } from '@/lib/accounts/contract'

export type { PublicUser }

/** The user data clients see (lib/accounts/contract.ts): never a hash or provider id. */
export function toPublicUser(user: User): PublicUser {
  return { id: user.id, email: user.email ?? '', name: user.name, pic: user.picture ?? '', admin: user.isAdmin }
}
