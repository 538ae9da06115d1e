'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { Select } from '@/components/ui/select'
import { FONT_FAMILIES } from '@/lib/video/universal/fonts'
import { POSITIONS, PRESET_IDS, type LineStyle, type SubtitleStyle } from '@/lib/video/universal/styles'
import { presetStyle } from './look'

type Props = {
  style: SubtitleStyle
  onChange: (style: SubtitleStyle) => void
  hasTranslation: boolean
  /** For subtitles from an ASS file: whether its own styles and tags are drawn (libass) instead of a preset. */
  assLook?: { isOn: boolean; onChange: (isOn: boolean) => void }
}

/** A row of choices drawn as one segmented control (radio group). */
export function Segmented<T extends string>({ label, value, options, onChange, testId }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void; testId: string }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex w-full rounded-lg border border-border bg-surface-2/50 p-0.5" data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          data-testid={`${testId}-${o.value}`}
          className={cn('flex-1 rounded-md px-2 py-1 text-xs transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none', value === o.value ? 'bg-surface font-medium text-fg shadow-sm' : 'text-muted hover:text-fg')}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid grid-cols-[7.5rem_1fr] items-center gap-3 text-xs text-muted">
      <span>{label}</span>
      {children}
    </label>
  )
}

/** A range with its value beside it, as a percentage (every style slider is a fraction: of the picture's height, the text's size, opacity). */
function Slider({ value, min, max, step, onChange, testId }: { value: number; min: number; max: number; step: number; onChange: (v: number) => void; testId: string }) {
  return (
    <span className="flex items-center gap-2">
      <input type="range" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} className="min-w-0 flex-1 accent-[var(--brand)]" data-testid={testId} />
      <output className="tabular w-11 shrink-0 text-right text-fg" data-testid={`${testId}-value`}>
        {Number((value * 100).toFixed(1))}%
      </output>
    </span>
  )
}

function Colour({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  return <input type="color" value={value} onChange={(e) => onChange(e.target.value)} className="h-7 w-12 cursor-pointer rounded border border-border bg-surface p-0.5" data-testid={testId} />
}

/** The preset cards, the content switch and every custom field of the main line's look. */
export function VideoExportStyle({ style, onChange, hasTranslation, assLook }: Props) {
  const t = useTranslations('videoExport')
  const isAss = assLook?.isOn === true
  const setMain = (patch: Partial<LineStyle>) => onChange({ ...style, main: { ...style.main, ...patch }, second: { ...style.second, ...pick(patch) } })
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-xs font-medium text-fg">{t('style')}</legend>
        <div role="radiogroup" aria-label={t('style')} className="grid grid-cols-2 gap-2">
          {assLook && (
            <button type="button" role="radio" aria-checked={isAss} data-testid="burn-preset-ass" onClick={() => assLook.onChange(true)} className={card(isAss, 'col-span-2')}>
              <span className="block text-sm font-medium text-fg">{t('assLook')}</span>
              <span className="block text-xs leading-snug text-muted">{t('assLookHint')}</span>
            </button>
          )}
          {PRESET_IDS.map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={!isAss && style.preset === id}
              data-testid={`burn-preset-${id}`}
              onClick={() => {
                assLook?.onChange(false)
                onChange({ ...presetStyle(id), content: id === 'bilingual' ? 'both' : id === 'wordHighlight' ? 'original' : hasTranslation ? style.content === 'both' ? 'translation' : style.content : 'original' })
              }}
              className={card(!isAss && style.preset === id)}
            >
              <span className="block text-sm font-medium text-fg">{t(`presets.${id}`)}</span>
              <span className="block text-xs leading-snug text-muted">{t(`presetHints.${id}`)}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {hasTranslation && (
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-fg">{t('content')}</p>
          <Segmented label={t('content')} value={style.content} onChange={(content) => onChange({ ...style, content })} testId="burn-content" options={(['translation', 'original', 'both'] as const).map((v) => ({ value: v, label: t(`contents.${v}`) }))} />
        </div>
      )}
      {!isAss && (
        <details className="group rounded-lg border border-border">
          <summary className="cursor-pointer px-3 py-2 text-xs font-medium text-fg select-none" data-testid="burn-customise">
            {t('customise')}
          </summary>
          <div className="space-y-2.5 border-t border-border px-3 py-3">
            <Field label={t('font')}>
              <Select value={style.main.font} onValueChange={(font) => setMain({ font: font as LineStyle['font'] })} options={FONT_FAMILIES.map((f) => ({ value: f, label: t(`fonts.${f}`) }))} aria-label={t('font')} className="h-8" />
            </Field>
            <Field label={t('size')}>
              <Slider value={style.main.size} min={0.03} max={0.1} step={0.005} onChange={(size) => onChange({ ...style, main: { ...style.main, size }, second: { ...style.second, size: Math.max(0.02, size * 0.7) } })} testId="burn-size" />
            </Field>
            <Field label={t('textColour')}>
              <Colour value={style.main.colour} onChange={(colour) => onChange({ ...style, main: { ...style.main, colour } })} testId="burn-colour" />
            </Field>
            <Field label={t('outlineColour')}>
              <Colour value={style.main.outlineColour} onChange={(outlineColour) => setMain({ outlineColour })} testId="burn-outline-colour" />
            </Field>
            <Field label={t('outline')}>
              <Slider value={style.main.outline} min={0} max={0.3} step={0.01} onChange={(outline) => setMain({ outline })} testId="burn-outline" />
            </Field>
            <Field label={t('shadow')}>
              <Slider value={style.main.shadow} min={0} max={0.2} step={0.01} onChange={(shadow) => setMain({ shadow })} testId="burn-shadow" />
            </Field>
            <Field label={t('boxColour')}>
              <Colour value={style.main.boxColour} onChange={(boxColour) => setMain({ boxColour })} testId="burn-box-colour" />
            </Field>
            <Field label={t('boxOpacity')}>
              <Slider value={style.main.boxOpacity} min={0} max={1} step={0.05} onChange={(boxOpacity) => setMain({ boxOpacity })} testId="burn-box-opacity" />
            </Field>
            {style.preset === 'wordHighlight' && (
              <Field label={t('highlightColour')}>
                <Colour value={style.highlightColour} onChange={(highlightColour) => onChange({ ...style, highlightColour })} testId="burn-highlight" />
              </Field>
          )}
          <Field label={t('position')}>
            <Segmented label={t('position')} value={style.position} onChange={(position) => onChange({ ...style, position })} testId="burn-position" options={POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))} />
          </Field>
          <Field label={t('margin')}>
            <Slider value={style.margin} min={0} max={0.2} step={0.01} onChange={(margin) => onChange({ ...style, margin })} testId="burn-margin" />
          </Field>
        </div>
      </details>
      )}
    </div>
  )
}

const card = (isChosen: boolean, extra = '') =>
  cn('rounded-lg border px-3 py-2 text-left transition-colors focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none', isChosen ? 'border-brand bg-brand/5' : 'border-border hover:border-fg/30', extra)

/** The fields the second language's line follows from the main one (not size or colour: the bilingual look keeps its own). */
function pick(patch: Partial<LineStyle>): Partial<LineStyle> {
  const { font, outlineColour, outline, shadow, boxColour, boxOpacity } = patch
  return Object.fromEntries(Object.entries({ font, outlineColour, outline, shadow, boxColour, boxOpacity }).filter(([, v]) => v !== undefined))
}
