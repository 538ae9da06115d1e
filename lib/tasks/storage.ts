import 'server-only'
import { env, type Env } from '@/lib/env'

export { appStorage } from '@/lib/storage/app-storage'

/** The spec's key of a translated file. */
export function translatedFileKey(taskId: string, fileName: string): string {
  return `translated-files/${taskId}_${fileName}`
}

/** True when OSS is configured well enough to issue STS credentials for it. */
export function isOssConfigured(e: Env = env()): boolean {
  return Boolean(e.STORAGE_DRIVER === 'oss' && e.OSS_REGION && e.OSS_BUCKET && e.OSS_ACCESS_KEY_ID && e.OSS_ACCESS_KEY_SECRET && e.OSS_STS_ROLE_ARN)
}
