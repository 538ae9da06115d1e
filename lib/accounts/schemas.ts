import { z } from 'zod'

// Shared by the forms and the route handlers, so the client and the server apply the same rules
// and show the same messages (spec section 5). Messages are keys of the `errors` namespace.

/** The "simple pattern" of the spec: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

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

/** Display names: required, 2 to 20 characters after trimming. */
export const nameField = z.string('nameRequired').trim().min(1, 'nameRequired').min(2, 'nameLength').max(20, 'nameLength')

export const codeField = z
  .string('codeRequired')
  .trim()
  .min(1, 'codeRequired')
  .regex(/^\d{6}$/, 'codeFormat')

/** Our own avatar URLs (from POST /api/upload); an empty string clears the picture. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/'
export const picField = z
  .string('picInvalid')
  .max(300, 'picInvalid')
  .refine((value) => value === '' || (value.startsWith(AVATAR_URL_PREFIX) && !value.includes('..')), 'picInvalid')

export const sendCodeSchema = z.object({ email: emailField })

export const emailLoginSchema = z.object({ email: emailField, pass: passwordField })

export const registerSchema = z.object({ email: emailField, name: nameField, pass: passwordField, code: codeField })

export const updateProfileSchema = z.object({ name: nameField, pic: picField.optional() })

const confirmField = z.string('confirmRequired').min(1, 'confirmRequired')
const createUserShape = { email: emailField, name: nameField, pass: managedPasswordField, pic: picField.optional() }
const confirmMatches = { message: 'passwordMismatch', path: ['confirm'] }

// The confirmation is optional for API clients (ARCHITECTURE.md section 4) but must then match.
export const createUserSchema = z
  .object({ ...createUserShape, confirm: confirmField.optional() })
  .refine((value) => value.confirm === undefined || value.confirm === value.pass, confirmMatches)

/** The create-user form: there the confirmation is required. */
export const createUserFormSchema = z
  .object({ ...createUserShape, confirm: confirmField })
  .refine((value) => value.confirm === value.pass, confirmMatches)

export const deleteUserSchema = z.object({ id: z.string('idRequired').trim().min(1, 'idRequired').max(64, 'idRequired') })

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
