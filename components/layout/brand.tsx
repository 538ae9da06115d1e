import { getTranslations } from 'next-intl/server'

export { BrandMark } from './brand-mark'

export async function BrandName() {
  const t = await getTranslations('common')
  return <span className="text-base font-semibold tracking-tight whitespace-nowrap text-fg">{t('brand')}</span>
}
