import { describe, expect, it } from 'vitest'
import { breadcrumbList, faqPage, serializeJsonLd, softwareApplication } from './json-ld'

describe('json-ld', () => {
  it('lists the packs as offers with two-decimal prices', () => {
    const ld = softwareApplication({ name: 'S', description: 'd', url: 'http://x', locale: 'en-US', offers: [{ name: '1000 points', price: 8.99, currency: 'USD' }, { name: '300', price: 20, currency: 'USD' }] })
    expect(ld['@type']).toBe('SoftwareApplication')
    expect(ld.offers).toEqual([
      { '@type': 'Offer', name: '1000 points', price: '8.99', priceCurrency: 'USD', url: 'http://x' },
      { '@type': 'Offer', name: '300', price: '20.00', priceCurrency: 'USD', url: 'http://x' },
    ])
  })
  it('turns questions into FAQPage entities and crumbs into numbered items', () => {
    expect(faqPage([{ q: 'Q?', a: 'A.' }]).mainEntity).toEqual([{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }])
    expect(breadcrumbList([{ name: 'Home', url: 'h' }, { name: 'FAQ', url: 'f' }]).itemListElement.map((i) => i.position)).toEqual([1, 2])
  })
  it('cannot close its script element early', () => {
    const out = serializeJsonLd({ a: '</script><script>alert(1)</script>' })
    expect(out).not.toContain('<')
    expect(JSON.parse(out)).toEqual({ a: '</script><script>alert(1)</script>' })
  })
})
