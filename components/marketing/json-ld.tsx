import { serializeJsonLd } from '@/lib/seo/json-ld'

/** Structured data; a data block, not a script, so the Content-Security-Policy does not apply to it. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
}
