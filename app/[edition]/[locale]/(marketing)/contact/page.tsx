import { NextIntlClientProvider } from 'next-intl'
import { getTranslations } from 'next-intl/server'
import { clientMessages } from '@/lib/i18n/client-messages'
import { ContactEmail } from '@/components/marketing/contact-email'
import { ContactForm } from '@/components/marketing/contact-form'
import { LegalPage } from '@/components/marketing/legal-page'
import { Card } from '@/components/ui/card'
import { staticPageMetadata } from '@/lib/seo/metadata'
import { pageEdition, type LocaleParams } from '@/lib/seo/page-params'

export const generateMetadata = staticPageMetadata('contact', '/contact')

export default async function ContactPage({ params }: LocaleParams) {
  const { edition, locale } = await pageEdition(params)
  const t = await getTranslations('contact')
  const messages = await clientMessages(locale, ['contact'])
  return (
    <LegalPage title={t('title')} wide>
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4">
          <p className="leading-7 text-muted">{t('intro')}</p>
          <p className="text-sm">
            <span className="font-medium">{t('emailLabel')}</span>
            <br />
            <ContactEmail edition={edition} />
          </p>
        </div>
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('formTitle')}</h2>
          <NextIntlClientProvider locale={locale} messages={messages}>
            <ContactForm />
          </NextIntlClientProvider>
        </Card>
      </div>
    </LegalPage>
  )
}
