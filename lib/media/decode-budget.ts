import 'server-only'
import { PCM_BYTES_PER_MS } from './decode-stream'

/**
 * How much sound a recording may decode in all, shared by its parts (they decode side by side):
 * the recording's limit counts once for the whole, not once a part. Counted in bytes of decoded
 * samples, so two parts taking at once never pass it between them.
 */
export class DecodeBudget {
  private leftBytes: number

  constructor(capMs: number) {
    this.leftBytes = Math.max(0, Math.floor(capMs * PCM_BYTES_PER_MS))
  }

  /** Bytes of samples that may still be decoded. */
  room(): number {
    return this.leftBytes
  }

  /** Takes up to `bytes`; answers how many were granted (fewer once the budget is spent). */
  take(bytes: number): number {
    const granted = Math.max(0, Math.min(bytes, this.leftBytes))
    this.leftBytes -= granted
    return granted
  }
}
