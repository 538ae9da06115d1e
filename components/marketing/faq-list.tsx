import { seoMessages } from '@/lib/seo/seo-messages'

/** The questions of /faq (the same ones its FAQPage structured data lists). */
export async function FaqList() {
  const items = Object.values((await seoMessages()).faqItems)
  return (
    <dl className="mt-10 max-w-3xl divide-y divide-border border-y border-border" data-testid="faq-list">
      {items.map((item) => (
        <div key={item.q} className="py-5">
          <dt className="text-lg font-medium">{item.q}</dt>
          <dd className="mt-2 leading-7 text-muted">{item.a}</dd>
        </div>
      ))}
    </dl>
  )
}
