import { AppError } from '@/lib/errors'
import { route } from '@/lib/http'
import { env } from '@/lib/env'
import { log } from '@/lib/log'
import { assumeRole, StsError } from '@/lib/storage'
import { isOssConfigured } from '@/lib/tasks'
import { stsCredentialsSchema } from '@/lib/storage/contract'

// POST /api/file/sts-credentials – short-lived OSS credentials (STS AssumeRole) when OSS is configured
// (503 / 50300 otherwise: the service is not available here, nothing went wrong)
export const POST = route({ summary: 'Short-lived OSS credentials (STS AssumeRole) when OSS is configured', auth: 'user', response: stsCredentialsSchema }, async ({ user }) => {
  const e = env()
  if (!isOssConfigured(e)) throw new AppError('unavailable', 'storageNotConfigured')
  try {
    const credentials = await assumeRole({
      stsBaseUrl: e.STS_BASE_URL,
      accessKeyId: e.OSS_ACCESS_KEY_ID!,
      accessKeySecret: e.OSS_ACCESS_KEY_SECRET!,
      roleArn: e.OSS_STS_ROLE_ARN!,
      sessionName: `user-${user.id}`.slice(0, 64),
      durationSeconds: 900,
    })
    return {
      accessKeyId: credentials.accessKeyId,
      accessKeySecret: credentials.accessKeySecret,
      securityToken: credentials.securityToken,
      expiration: credentials.expiration,
      bucket: e.OSS_BUCKET,
      region: e.OSS_REGION,
    }
  } catch (error) {
    if (!(error instanceof StsError)) throw error
    log.warn('storage.sts_failed', { code: error.code, status: error.status, requestId: error.requestId })
    throw new AppError('upstream_failed', 'storageCredentialsFailed')
  }
})
