import type { Locale } from '@/lib/site'

/** Loads one locale's messages (each file is its own chunk). */
export async function loadMessages(locale: Locale) {
  switch (locale) {
    case 'en-US':
      return (await import('@/messages/en-US.json')).default
    case 'ja-JP':
      return (await import('@/messages/ja-JP.json')).default
    default:
      return (await import('@/messages/zh-CN.json')).default
  }
}
