import type http from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** Reads the whole request body; the fakes only ever see small payloads. */
export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Constant-time string comparison, false on any length difference. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A request id in the shape Aliyun uses (24 upper-case hex characters). */
export function newRequestId(): string {
  return randomBytes(12).toString('hex').toUpperCase()
}
