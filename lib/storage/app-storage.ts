import 'server-only'
import { env } from '@/lib/env'
import { createStorage } from './index'
import type { StorageDriver } from './types'

let cached: StorageDriver | undefined

/** The app's storage, built once from the environment (STORAGE_DRIVER, STORAGE_DIR, OSS_*). */
export function appStorage(): StorageDriver {
  if (cached) return cached
  const e = env()
  const oss =
    e.STORAGE_DRIVER === 'oss' && e.OSS_REGION && e.OSS_BUCKET && e.OSS_ACCESS_KEY_ID && e.OSS_ACCESS_KEY_SECRET
      ? { region: e.OSS_REGION, bucket: e.OSS_BUCKET, endpoint: e.OSS_ENDPOINT, accessKeyId: e.OSS_ACCESS_KEY_ID, accessKeySecret: e.OSS_ACCESS_KEY_SECRET }
      : undefined
  cached = createStorage({ driver: e.STORAGE_DRIVER, dir: e.STORAGE_DIR, oss })
  return cached
}
