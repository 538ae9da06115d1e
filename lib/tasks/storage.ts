import 'server-only'
import { env, type Env } from '@/lib/env'

export { appStorage } from '@/lib/storage/app-storage'

/** Most bytes of the file-name part of a key: file systems allow 255 bytes a path segment. */
const MAX_KEY_NAME_BYTES = 150

/**
 * A file name safe as the last part of a storage key, whatever its length or script: characters
 * that mean something in URLs or on disks become `_`, and the name is cut to 150 UTF-8 bytes
 * between code points (keeping `.srt`). The task keeps the name as uploaded, for display and export.
 */
export function storageFileName(fileName: string): string {
  const safe = fileName.toWellFormed().replace(/[\\/:*?"<>|#%\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_')
  if (Buffer.byteLength(safe) <= MAX_KEY_NAME_BYTES) return safe || 'subtitles.srt'
  const ext = /\.srt$/i.test(safe) ? safe.slice(-4) : ''
  let cut = ''
  let bytes = Buffer.byteLength(ext)
  for (const char of safe.slice(0, safe.length - ext.length)) {
    bytes += Buffer.byteLength(char)
    if (bytes > MAX_KEY_NAME_BYTES) break
    cut += char
  }
  return cut + ext
}

/** The storage key of a translated file, `translated-files/{taskId}_{fileName}`, with a safe name. */
export function translatedFileKey(taskId: string, fileName: string): string {
  return `translated-files/${taskId}_${storageFileName(fileName)}`
}

/** True when OSS is configured well enough to issue STS credentials for it. */
export function isOssConfigured(e: Env = env()): boolean {
  return Boolean(e.STORAGE_DRIVER === 'oss' && e.OSS_REGION && e.OSS_BUCKET && e.OSS_ACCESS_KEY_ID && e.OSS_ACCESS_KEY_SECRET && e.OSS_STS_ROLE_ARN)
}
