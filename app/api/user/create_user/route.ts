import { createUser } from '@/lib/accounts'
import { createUserSchema } from '@/lib/accounts/schemas'
import { toPublicUser } from '@/lib/auth'
import { route } from '@/lib/http'
import { publicUserSchema } from '@/lib/accounts/contract'

// POST /api/user/create_user – managers: create an email account (email, name, pass, confirm?, pic?)
export const POST = route({ summary: 'Managers: create an email account (email, name, pass, confirm?, pic?)', auth: 'manager', response: publicUserSchema, body: createUserSchema }, async ({ body }) => {
  return toPublicUser(await createUser({ email: body.email, name: body.name, password: body.pass, picture: body.pic }))
})
