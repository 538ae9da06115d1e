import { getRequestConfig } from 'next-intl/server'
import { hasLocale } from 'next-intl'
import { routing } from './routing'
import { loadMessages } from './messages'

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale
  // Server HTML cannot know the viewer's time zone: it formats in UTC, and the browser switches to its
  // own zone once React runs (lib/client/use-date-time.ts).
  return { locale, messages: await loadMessages(locale), timeZone: 'UTC' }
})
