import 'server-only'
import { createHash } from 'node:crypto'
import { normaliseText } from '@/lib/translate/tokens'

/**
 * The match key of a source line: the sha256 of its text with white space collapsed and Unicode
 * composed (NFC), the same normalisation that makes identical lines of a file share one request.
 */
export function memoryKey(text: string): string {
  return createHash('sha256').update(normaliseText(text).normalize('NFC')).digest('hex')
}
