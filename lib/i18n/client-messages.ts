import type { Locale } from '@/lib/site'
import { loadMessages } from './messages'

type Messages = Awaited<ReturnType<typeof loadMessages>>
export type Namespace = keyof Messages

/** The namespaces a page's client components read: the rest of the catalogue stays on the server. */
export async function clientMessages(locale: Locale, namespaces: readonly Namespace[]): Promise<Partial<Messages>> {
  const all = await loadMessages(locale)
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns]])) as Partial<Messages>
}
