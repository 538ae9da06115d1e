import { listUsers } from '@/lib/accounts'
import { listUsersSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { z } from 'zod'
import { userListSchema, userPageSchema } from '@/lib/accounts/contract'

// POST /api/user/all_users – managers: every user (no body) or one page of them ({ page, size })
export const POST = route({ summary: 'Managers: every user (no body) or one page of them ({ page, size })', auth: 'manager', response: z.union([userListSchema, userPageSchema]), body: listUsersSchema }, async ({ body }) => {
  if (!body?.page && !body?.size) return (await listUsers()).map(toPublicUser)
  const page = await listUsers({ page: body.page ?? 1, size: body.size ?? 10 })
  return { ...page, list: page.list.map(toPublicUser) }
})
