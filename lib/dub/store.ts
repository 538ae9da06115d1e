import 'server-only'
import type { StorageDriver } from '@/lib/storage'
import { encodeAudio } from './mix'

/** Sending a long dub's WAV to object storage takes minutes on a slow link. */
const STORE_TIMEOUT_MS = 20 * 60_000

/**
 * A finished track stored twice: as M4A (AAC, encoded by ffmpeg beside the WAV) and as the WAV
 * itself. Rule: each goes to storage from disk as it is read (storage putFile), never whole in
 * this process's memory: an hour's voices are 345 MB of WAV, its stereo mix 690 MB.
 */
export async function storeTrack({ storage, wavFile, m4aKey, wavKey, signal }: { storage: StorageDriver; wavFile: string; m4aKey: string; wavKey: string; signal?: AbortSignal }): Promise<void> {
  const m4a = `${wavFile}.m4a`
  await encodeAudio(wavFile, m4a, { signal })
  await storage.putFile(m4aKey, m4a, { contentType: 'audio/mp4', timeoutMs: STORE_TIMEOUT_MS })
  await storage.putFile(wavKey, wavFile, { contentType: 'audio/wav', timeoutMs: STORE_TIMEOUT_MS })
}
