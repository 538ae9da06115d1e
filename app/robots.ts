import type { MetadataRoute } from 'next'
import { localeOwners } from '@/lib/i18n/hosts'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/dashboard', '/edit/', '/assets', '/login', '/register', '/forgot-password', '/auth/'] }],
    sitemap: `${localeOwners()['en-US'].origin}/sitemap.xml`,
  }
}
