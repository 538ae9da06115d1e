'use client'

import { useTranslations } from 'next-intl'
import { trackLanguageCode } from './track-language'
import { languageTitle } from './track-cues'
import { Segmented } from './style'

export type AudioChoiceValue = 'original' | 'dubbed' | 'both'

type Props = {
  value: AudioChoiceValue
  onChange: (value: AudioChoiceValue) => void
  /** The dub's language (the task's target) and the video's (the source). */
  languages: { translation: string; original: string }
  container: 'mkv' | 'mp4'
}

/** The exported video's sound, offered once the task has a finished dub: its own, the dub, or both (the dub first). */
export function AudioChoice({ value, onChange, languages, container }: Props) {
  const t = useTranslations('videoExport')
  const tracks = value === 'original' ? [] : [{ kind: 'dub' as const, language: languages.translation }, ...(value === 'both' ? [{ kind: 'original' as const, language: languages.original }] : [])]
  return (
    <div className="space-y-1.5" data-testid="export-audio-choice">
      <p className="text-xs font-medium text-fg">{t('audio')}</p>
      <Segmented label={t('audio')} value={value} onChange={onChange} testId="export-audio" options={(['original', 'dubbed', 'both'] as const).map((v) => ({ value: v, label: t(`audioChoices.${v}`) }))} />
      <p className="text-xs leading-snug text-muted">{t(`audioHints.${value}`)}</p>
      {tracks.length > 0 && (
        <ol className="space-y-1">
          {tracks.map((track, i) => (
            <li key={track.kind} className="flex items-center justify-between gap-2 rounded-md bg-surface-2/60 px-2 py-1 text-xs" data-testid="export-audio-track">
              <span className="min-w-0 truncate text-fg">{t(track.kind === 'dub' ? 'audioTrackDub' : 'audioTrackOriginal', { language: languageTitle(track.language) })}</span>
              <span className="flex shrink-0 items-center gap-1.5 text-muted">
                <code className="rounded bg-surface px-1 font-mono">{trackLanguageCode(track.language, container)}</code>
                {i === 0 && <span>{t('trackDefault')}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
