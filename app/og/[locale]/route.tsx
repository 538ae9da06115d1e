import { ImageResponse } from 'next/og'
import { notFound } from 'next/navigation'
import { loadMessages } from '@/lib/i18n/messages'
import { isLocale, locales } from '@/lib/i18n/routing'
import { familyList, fontsFor } from '@/lib/seo/og-fonts'

// One Open Graph image per locale, drawn once at build time from fonts installed from npm.
export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }))
}

const OG_SIZE = { width: 1200, height: 630 }

export async function GET(_req: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  const m = await loadMessages(locale)
  const title = m.home.heroTitle
  const subtitle = m.footer.tagline
  const brand = m.common.brand
  const text = `${brand}${title}${subtitle}`
  // Japanese kana come from the JP family, Chinese hanzi from the SC one; both carry Latin letters.
  const pkg = locale === 'ja-JP' ? 'noto-sans-jp' : 'noto-sans-sc'
  const bold = await fontsFor(pkg, 700, 'Bold', text)
  const regular = await fontsFor(pkg, 400, 'Regular', subtitle)
  const fonts = [...bold, ...regular]
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: 'linear-gradient(135deg, #eef0ff 0%, #f7f8fb 60%)', fontFamily: familyList(bold), color: '#0f172a' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div style={{ width: 64, height: 64, borderRadius: 16, background: '#4f46e5', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', padding: 12, gap: 6 }}>
            <div style={{ width: 26, height: 6, borderRadius: 3, background: '#fff' }} />
            <div style={{ width: 38, height: 6, borderRadius: 3, background: 'rgba(255,255,255,0.7)' }} />
          </div>
          <div style={{ fontSize: 40, fontWeight: 700 }}>{brand}</div>
        </div>
        <div style={{ display: 'flex', fontSize: 60, fontWeight: 700, lineHeight: 1.25, maxWidth: 1056 }}>{title}</div>
        <div style={{ display: 'flex', fontSize: 30, fontWeight: 400, color: '#475569', fontFamily: familyList(regular) }}>{subtitle}</div>
      </div>
    ),
    { ...OG_SIZE, fonts },
  )
}
