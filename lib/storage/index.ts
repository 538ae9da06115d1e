import 'server-only'
import { createLocalStorage } from './local'
import { createOssStorage } from './oss'
import type { StorageConfig, StorageDriver } from './types'

export { createLocalStorage } from './local'
export { createOssStorage, OSS_PUT_TIMEOUT_MS } from './oss'
export { assumeRole, StsError, type StsCredentials, type AssumeRoleOptions } from './sts'
export { StorageError, assertSafeKey } from './errors'
export type { StorageDriver, StorageConfig, OssStorageConfig, PutOptions, ByteRange } from './types'

/**
 * Builds the configured driver. Rule: the config is passed in (lib/env owns the variables);
 * `oss` without its settings is a configuration error, never a silent fall-back to disk.
 */
export function createStorage(config: StorageConfig): StorageDriver {
  if (config.driver === 'local') return createLocalStorage({ dir: config.dir })
  if (!config.oss) throw new Error('Storage driver "oss" needs oss settings (OSS_REGION, OSS_BUCKET, OSS_ACCESS_KEY_ID, ...)')
  return createOssStorage(config.oss)
}
