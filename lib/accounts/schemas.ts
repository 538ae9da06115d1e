import { z } from 'zod'

// Shared by the forms and the route handlers, so the client and the server apply the same rules
// and show the same messages (spec section 5). Messages are keys of the `errors` namespace.

/** The "simple pattern" of the spec: something@something.tld, no spaces (and no control characters). */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u

// Control characters (NUL above all, which PostgreSQL cannot store) are never part of a name.
const CONTROL_CHARACTER = /\p{Cc}/u

export const emailField = z
  .string('emailRequired')
  .trim()
  .min(1, 'emailRequired')
  .max(254, 'emailInvalid')
  .regex(EMAIL_PATTERN, 'emailInvalid')
  .transform((value) => value.toLowerCase())

// Hashing is deliberately slow, so an unbounded password would be a cheap way to load the server.
const passwordBase = z.string('passwordRequired').min(1, 'passwordRequired')

/** Sign-in and register: required, at least 6 characters. */
export const passwordField = passwordBase.min(6, 'passwordMin').max(128, 'passwordTooLong')

/** Passwords set by a manager: 6 to 20 characters. */
export const managedPasswordField = passwordBase.min(6, 'passwordLength').max(20, 'passwordLength')

/** Display names: required, 2 to 20 characters after trimming (counted as people see them: an emoji is one). */
export const nameField = z
  .string('nameRequired')
  .trim()
  .min(1, 'nameRequired')
  .refine((value) => {
    const length = Array.from(value).length
    return length === 0 || (length >= 2 && length <= 20)
  }, 'nameLength')
  .refine((value) => !CONTROL_CHARACTER.test(value), 'nameInvalid')

export const codeField = z
  .string('codeRequired')
  .trim()
  .min(1, 'codeRequired')
  .regex(/^\d{6}$/, 'codeFormat')

/** Our own avatar URLs (from POST /api/upload): exactly the names lib/accounts/avatar.ts gives out. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/'
const AVATAR_URL = /^\/api\/files\/avatars\/([\w-]{1,64})\/[\w-]{1,80}\.webp$/

/** Whether a URL is one of our stored avatars (and, with an owner, one that this user uploaded). */
export function isAvatarUrl(value: string, ownerId?: string): boolean {
  const match = AVATAR_URL.exec(value)
  return match !== null && (ownerId === undefined || match[1] === ownerId)
}

/** A picture chosen by a manager for a new account: one of our avatars, or '' for none. */
export const picField = z
  .string('picInvalid')
  .max(300, 'picInvalid')
  .refine((value) => value === '' || isAvatarUrl(value), 'picInvalid')

/**
 * A picture sent with a profile update. It may also be the user's current picture unchanged (a
 * Google or WeChat picture), so the owner rule is checked by the handler, which knows the user.
 */
export const profilePicField = z.string('picInvalid').max(2048, 'picInvalid')

export const sendCodeSchema = z.object({ email: emailField })

export const emailLoginSchema = z.object({ email: emailField, pass: passwordField })

export const registerSchema = z.object({ email: emailField, name: nameField, pass: passwordField, code: codeField })

export const updateProfileSchema = z.object({ name: nameField, pic: profilePicField.optional() })

const confirmField = z.string('confirmRequired').min(1, 'confirmRequired')
const createUserShape = { email: emailField, name: nameField, pass: managedPasswordField, pic: picField.optional() }
const confirmMatches = { message: 'passwordMismatch', path: ['confirm'] }

// The confirmation is optional for API clients but must then match.
export const createUserSchema = z
  .object({ ...createUserShape, confirm: confirmField.optional() })
  .refine((value) => value.confirm === undefined || value.confirm === value.pass, confirmMatches)

/** The create-user form: there the confirmation is required. */
export const createUserFormSchema = z
  .object({ ...createUserShape, confirm: confirmField })
  .refine((value) => value.confirm === value.pass, confirmMatches)

// Ids are cuids; anything else names nobody (and never reaches the database).
export const deleteUserSchema = z.object({
  id: z.string('idRequired').trim().min(1, 'idRequired').max(64, 'userNotFound').regex(/^[\w-]+$/, 'userNotFound'),
})

export const listUsersSchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
  })
  .optional()

export const wechatLoginSchema = z.object({
  code: z.string('wechatCodeInvalid').trim().min(1, 'wechatCodeInvalid').max(256, 'wechatCodeInvalid'),
  state: z.string('wechatState').max(256, 'wechatState').optional(),
})

export type EmailLoginInput = z.input<typeof emailLoginSchema>
export type RegisterInput = z.input<typeof registerSchema>
export type CreateUserInput = z.input<typeof createUserFormSchema>
export type UpdateProfileInput = z.input<typeof updateProfileSchema>
