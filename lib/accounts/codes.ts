import 'server-only'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { derivedKey } from '@/lib/secrets/keys'

export const CODE_TTL_MS = 10 * 60 * 1000
export const CODE_RESEND_MS = 60 * 1000
export const CODE_MAX_ATTEMPTS = 5

/** What a code is for: a sign-up code cannot reset a password, nor the other way round. */
export type CodePurpose = 'sign-up' | 'reset'

// Keyed hash: a leaked table does not give codes away without the server secret (a key of its own,
// lib/secrets/keys.ts). The purpose is part of what is hashed.
function hashCode(email: string, code: string, purpose: CodePurpose): string {
  const input = purpose === 'sign-up' ? `${email}\n${code}` : `${purpose}\n${email}\n${code}`
  return createHmac('sha256', derivedKey('code-hash')).update(input).digest('hex')
}

/**
 * Issues a new 6-digit code for an address (replacing any earlier one) and returns it for mailing.
 * Rule: at most one code per address every 60 s (42900 with the seconds left).
 */
export async function issueCode({ email, purpose = 'sign-up' }: { email: string; purpose?: CodePurpose }): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const now = new Date()
  const cutoff = new Date(now.getTime() - CODE_RESEND_MS)
  const data = { codeHash: hashCode(email, code, purpose), expiresAt: new Date(now.getTime() + CODE_TTL_MS), attempts: 0, sentAt: now }
  // Atomic: the row is replaced only when its last code is older than the cooldown.
  const rows = await db.$executeRaw`
    INSERT INTO "VerificationCode" ("email", "codeHash", "expiresAt", "attempts", "sentAt")
    VALUES (${email}, ${data.codeHash}, ${data.expiresAt}, 0, ${now})
    ON CONFLICT ("email") DO UPDATE SET "codeHash" = EXCLUDED."codeHash", "expiresAt" = EXCLUDED."expiresAt",
      "attempts" = 0, "sentAt" = EXCLUDED."sentAt"
    WHERE "VerificationCode"."sentAt" <= ${cutoff}`
  if (rows === 0) {
    const existing = await db.verificationCode.findUnique({ where: { email } })
    const left = existing ? Math.ceil((existing.sentAt.getTime() + CODE_RESEND_MS - Date.now()) / 1000) : 1
    throw new AppError('rate_limited', 'codeCooldown', { seconds: Math.max(1, left) })
  }
  return code
}

/** Lets a code be requested again at once (the mail could not be sent). */
export async function withdrawCode({ email }: { email: string }): Promise<void> {
  await db.verificationCode.deleteMany({ where: { email } })
}

/**
 * Checks and consumes the code of an address. Rules: valid 10 minutes; every try counts, and once
 * 5 tries have been used even the right code is refused; a right code is deleted, so a double
 * submit cannot use it twice.
 */
export async function consumeCode({ email, code, purpose = 'sign-up' }: { email: string; code: string; purpose?: CodePurpose }): Promise<void> {
  const rows = await db.$queryRaw<{ codeHash: string; attempts: number; expiresAt: Date }[]>`
    UPDATE "VerificationCode" SET "attempts" = "attempts" + 1
    WHERE "email" = ${email} AND "attempts" < ${CODE_MAX_ATTEMPTS}
    RETURNING "codeHash", "attempts", "expiresAt"`
  const row = rows[0]
  if (!row) {
    const exists = await db.verificationCode.findUnique({ where: { email }, select: { attempts: true } })
    throw new AppError('bad_request', exists ? 'codeAttempts' : 'codeExpired')
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('bad_request', 'codeExpired')
  const expected = Buffer.from(row.codeHash, 'hex')
  const actual = Buffer.from(hashCode(email, code, purpose), 'hex')
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AppError('bad_request', 'codeWrong')
  const deleted = await db.verificationCode.deleteMany({ where: { email, codeHash: row.codeHash } })
  if (deleted.count === 0) throw new AppError('bad_request', 'codeExpired')
}
