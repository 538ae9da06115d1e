import { z } from 'zod'

/** Temporary OSS credentials for a browser upload (STS AssumeRole), with the bucket and region they are for. */
export const stsCredentialsSchema = z.object({
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  securityToken: z.string(),
  expiration: z.string(),
  bucket: z.string().optional(),
  region: z.string().optional(),
})
