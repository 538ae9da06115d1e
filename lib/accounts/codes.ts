import 'server-only'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { CodePurpose } from '@prisma/client'
import { db } from '@/lib/db'
import { AppError } from '@/lib/errors'
import { derivedKey } from '@/lib/secrets/keys'

export const CODE_TTL_MS = 10 * 60 * 1000
export const CODE_RESEND_MS = 60 * 1000
export const CODE_MAX_ATTEMPTS = 5

/**
 * What a code is for: a sign-up code cannot reset a password, nor the other way round, and each
 * purpose has its own code per address (asking for one never replaces the other).
 */
export type { CodePurpose }

// Keyed hash: a leaked table does not give codes away without the server secret (a key of its own,
// lib/secrets/keys.ts). The purpose is part of what is hashed.
function hashCode(email: string, code: string, purpose: CodePurpose): string {
  const input = purpose === 'signup' ? `${email}\n${code}` : `${purpose}\n${email}\n${code}`
  return createHmac('sha256', derivedKey('code-hash')).update(input).digest('hex')
}

/**
 * Issues a new 6-digit code for an address and purpose (replacing the earlier one of that purpose
 * only) and returns it for mailing. Rule: at most one code per address and purpose every 60 s
 * (42900 with the seconds left).
 */
export async function issueCode({ email, purpose = 'signup' }: { email: string; purpose?: CodePurpose }): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const now = new Date()
  const cutoff = new Date(now.getTime() - CODE_RESEND_MS)
  const data = { codeHash: hashCode(email, code, purpose), expiresAt: new Date(now.getTime() + CODE_TTL_MS), attempts: 0, sentAt: now }
  // Atomic: the row is replaced only when its last code is older than the cooldown.
  const rows = await db.$executeRaw`
    INSERT INTO "VerificationCode" ("email", "purpose", "codeHash", "expiresAt", "attempts", "sentAt")
    VALUES (${email}, ${purpose}::"CodePurpose", ${data.codeHash}, ${data.expiresAt}, 0, ${now})
    ON CONFLICT ("email", "purpose") DO UPDATE SET "codeHash" = EXCLUDED."codeHash", "expiresAt" = EXCLUDED."expiresAt",
      "attempts" = 0, "sentAt" = EXCLUDED."sentAt"
    WHERE "VerificationCode"."sentAt" <= ${cutoff}`
  if (rows === 0) {
    const existing = await db.verificationCode.findUnique({ where: { email_purpose: { email, purpose } } })
    const left = existing ? Math.ceil((existing.sentAt.getTime() + CODE_RESEND_MS - Date.now()) / 1000) : 1
    throw new AppError('rate_limited', 'codeCooldown', { seconds: Math.max(1, left) })
  }
  return code
}

/** Lets a code be requested again at once (the mail could not be sent). */
export async function withdrawCode({ email, purpose = 'signup' }: { email: string; purpose?: CodePurpose }): Promise<void> {
  await db.verificationCode.deleteMany({ where: { email, purpose } })
}

/**
 * Checks and consumes the code of an address for a purpose. Rules: valid 10 minutes; every try
 * counts, and once 5 tries have been used even the right code is refused; a right code is
 * deleted, so a double submit cannot use it twice. Tries of one purpose never touch the other's.
 */
export async function consumeCode({ email, code, purpose = 'signup' }: { email: string; code: string; purpose?: CodePurpose }): Promise<void> {
  const rows = await db.$queryRaw<{ codeHash: string; attempts: number; expiresAt: Date }[]>`
    UPDATE "VerificationCode" SET "attempts" = "attempts" + 1
    WHERE "email" = ${email} AND "purpose" = ${purpose}::"CodePurpose" AND "attempts" < ${CODE_MAX_ATTEMPTS}
    RETURNING "codeHash", "attempts", "expiresAt"`
  const row = rows[0]
  if (!row) {
    const exists = await db.verificationCode.findUnique({ where: { email_purpose: { email, purpose } }, select: { attempts: true } })
    throw new AppError('bad_request', exists ? 'codeAttempts' : 'codeExpired')
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('bad_request', 'codeExpired')
  const expected = Buffer.from(row.codeHash, 'hex')
  const actual = Buffer.from(hashCode(email, code, purpose), 'hex')
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AppError('bad_request', 'codeWrong')
  const deleted = await db.verificationCode.deleteMany({ where: { email, purpose, codeHash: row.codeHash } })
  if (deleted.count === 0) throw new AppError('bad_request', 'codeExpired')
}

/** Deletes verification codes that expired before `before` (the maintenance keeps them a day); answers how many. */
export async function deleteExpiredCodes(before: Date): Promise<number> {
  return (await db.verificationCode.deleteMany({ where: { expiresAt: { lt: before } } })).count
}
