import 'server-only'
import { hash, verify, type Options } from '@node-rs/argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS: Options = { algorithm: 2 as Options['algorithm'], memoryCost: 19_456, timeCost: 2, parallelism: 1 }

let dummyHash: Promise<string> | undefined

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/**
 * Checks a password against a stored hash. Rule: without a hash (unknown address, Google- or
 * WeChat-only account) a dummy hash is still verified, so timing does not reveal which case it was.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
