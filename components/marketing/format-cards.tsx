import { getTranslations } from 'next-intl/server'
import { Card } from '@/components/ui/card'

const FORMATS = [
  { key: 'srt', sample: '1\n00:00:01,000 --> 00:00:03,000\nWelcome back.' },
  { key: 'vtt', sample: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWelcome back.' },
  { key: 'ass', sample: 'Dialogue: 0,0:00:01.00,0:00:03.00,\nDefault,,0,0,0,,Welcome back.' },
] as const

/** SRT, WebVTT and ASS side by side: what each is for, with the same cue in each syntax. */
export async function FormatCards() {
  const t = await getTranslations('seo')
  return (
    <div className="mt-12">
      <h3 className="text-xl font-semibold">{t('formatsTitle')}</h3>
      <div className="mt-6 grid gap-5 md:grid-cols-3">
        {FORMATS.map((f) => (
          <Card key={f.key} className="p-6">
            <h4 className="font-semibold">{t(`formats.${f.key}.name`)}</h4>
            <p className="mt-2 text-sm leading-6 text-muted">{t(`formats.${f.key}.body`)}</p>
            <pre className="tabular mt-4 overflow-x-auto rounded-md bg-surface-2 p-3 text-xs leading-5 text-fg">{f.sample}</pre>
          </Card>
        ))}
      </div>
    </div>
  )
}
