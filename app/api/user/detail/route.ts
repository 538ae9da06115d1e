import { getUserDetail, userDetailViewSchema } from '@/lib/accounts'
import { userDetailSchema } from '@/lib/accounts/schemas'
import { route } from '@/lib/http'

// POST /api/user/detail – managers: one user's profile, balance, lots, orders and newest ledger entries ({ id, entries? })
export const POST = route({ summary: 'Managers: one user\'s profile, balance, lots, orders and newest ledger entries ({ id, entries? })', auth: 'manager', response: userDetailViewSchema, body: userDetailSchema }, async ({ body }) => getUserDetail({ id: body.id, entries: body.entries }))
