// schema.org structured data of the public pages, as plain objects (rendered by components/marketing/json-ld.tsx).

type Offer = { price: number; currency: 'CNY' | 'USD'; name: string }

/** The product itself, with its point packs as offers (the landing page). */
export function softwareApplication({ name, description, url, offers, locale }: { name: string; description: string; url: string; offers: Offer[]; locale: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name,
    description,
    url,
    inLanguage: locale,
    applicationCategory: 'MultimediaApplication',
    operatingSystem: 'Web',
    offers: offers.map((o) => ({ '@type': 'Offer', name: o.name, price: o.price.toFixed(2), priceCurrency: o.currency, url })),
  }
}

/** Questions and answers shown on the page. */
export function faqPage(items: { q: string; a: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: item.a } })),
  }
}

/** Home > page. */
export function breadcrumbList(items: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  }
}

/** JSON for an inline <script type="application/ld+json">: no "<" can close the element early. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
