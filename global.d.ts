import type { locales } from '@/lib/i18n/routing'
import type messages from '@/messages/en-US.json'

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof locales)[number]
    Messages: typeof messages
  }
}
