import { z } from 'zod'
import { pageField, sizeField } from '@/lib/pagination'
import { MAX_POINTS_PER_CHANGE } from '@/lib/points/schemas'

// Shared by the forms and the route handlers, so the client and the server apply the same rules
// and show the same messages (docs/product.md, Accounts). Messages are keys of the `errors` namespace.

/** A simple email pattern: something@something.tld, no spaces (and no control characters). */
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

/** Reset with the mailed code: the address, the code and the new password. */
export const resetPasswordSchema = z.object({ email: emailField, code: codeField, pass: passwordField })

/** The reset form: the new password typed twice. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirm: confirmField })
  .refine((value) => value.confirm === value.pass, { message: 'passwordMismatch', path: ['confirm'] })

/** Change from the profile: the current password (any length a manager may have set) and the new one. */
export const changePasswordSchema = z.object({ current: passwordBase.max(128, 'passwordTooLong'), pass: passwordField })

/** The change-password form: the new password typed twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirm: confirmField })
  .refine((value) => value.confirm === value.pass, { message: 'passwordMismatch', path: ['confirm'] })
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
const userIdField = z.string('idRequired').trim().min(1, 'idRequired').max(64, 'userNotFound').regex(/^[\w-]+$/, 'userNotFound')

export const deleteUserSchema = z.object({ id: userIdField })

/** Ledger entries one detail answer carries at most ("show more" asks for a longer list). */
export const MAX_DETAIL_ENTRIES = 500

export const userDetailSchema = z.object({
  id: userIdField,
  entries: z.number('invalidField').int('invalidField').min(1, 'invalidField').max(MAX_DETAIL_ENTRIES, 'invalidField').optional(),
})

/** The manager's edit-user form: name and role. */
export const editUserFormSchema = z.object({ name: nameField, admin: z.boolean('adminInvalid') })

export const updateUserSchema = editUserFormSchema.extend({ id: userIdField })

/** Why a manager grants or deducts points: one line of 1 to 200 characters, kept on the ledger entry. */
export const adjustReasonField = z
  .string('reasonRequired')
  .trim()
  .min(1, 'reasonRequired')
  .refine((value) => Array.from(value).length <= 200, 'reasonTooLong')
  .refine((value) => !CONTROL_CHARACTER.test(value), 'reasonInvalid')

/** The adjust-points form: a whole positive amount, grant or deduct, and the reason. */
export const adjustPointsFormSchema = z.object({
  points: z.number('pointsInvalid').int('pointsInvalid').positive('pointsInvalid').max(MAX_POINTS_PER_CHANGE, 'pointsInvalid'),
  direction: z.enum(['grant', 'deduct'], 'directionInvalid'),
  reason: adjustReasonField,
})

// The client sends a fresh key per submit, so a double click or a retried request applies once.
export const adjustPointsSchema = adjustPointsFormSchema.extend({
  id: userIdField,
  idempotencyKey: z.string('idempotencyKeyRequired').trim().min(1, 'idempotencyKeyRequired').max(100, 'idempotencyKeyRequired').regex(/^[\w:-]+$/, 'idempotencyKeyRequired'),
})

export const listUsersSchema = z
  .object({
    page: pageField.optional(),
    size: sizeField.optional(),
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
export type EditUserInput = z.input<typeof editUserFormSchema>
export type AdjustPointsInput = z.input<typeof adjustPointsFormSchema>
export type ResetPasswordInput = z.input<typeof resetPasswordFormSchema>
export type ChangePasswordInput = z.input<typeof changePasswordFormSchema>
