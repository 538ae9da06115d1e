import { ZodError } from 'zod'
import { AppError, isErrorKey } from '@/lib/errors'

function prismaCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && /^P\d{4}$/.test(error.code)) {
    return error.code
  }
  return undefined
}

/**
 * Maps anything thrown to an AppError: zod issues name the first failing field (schemas use
 * message keys), Prisma P2002/P2025 become conflict/not found, everything else is internal.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    const field = issue?.path.join('.') || 'body'
    // Size limits name their bound, so a message can say it ("at most {max} characters").
    const max = issue?.code === 'too_big' ? Number(issue.maximum) : undefined
    if (issue && isErrorKey(issue.message)) return new AppError('bad_request', issue.message, max === undefined ? { field } : { field, max })
    return new AppError('bad_request', 'invalidField', { field })
  }
  const code = prismaCode(error)
  if (code === 'P2002') return new AppError('conflict', 'conflict')
  if (code === 'P2025') return new AppError('not_found', 'notFound')
  return new AppError('internal', 'internal')
}
