'use client'

import { useTranslations } from 'next-intl'
import { trackLanguageCode } from './track-language'
import type { SubtitleTrack } from './tracks'
import { Segmented } from './style'

type Props = {
  container: 'mkv' | 'mp4'
  onContainer: (container: 'mkv' | 'mp4') => void
  /** Offered only when the task has a translation: the original as a second track. */
  canIncludeOriginal: boolean
  includeOriginal: boolean
  onIncludeOriginal: (include: boolean) => void
}

/** The track export's choices: the container (and so the subtitle codec) and the tracks. */
export function TrackOptions({ container, onContainer, canIncludeOriginal, includeOriginal, onIncludeOriginal }: Props) {
  const t = useTranslations('videoExport')
  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <p className="text-xs font-medium text-fg">{t('container')}</p>
        <Segmented label={t('container')} value={container} onChange={onContainer} testId="tracks-container" options={(['mkv', 'mp4'] as const).map((v) => ({ value: v, label: t(`containers.${v}`) }))} />
        <p className="text-xs leading-snug text-muted">{t(container === 'mkv' ? 'containerHints.mkv' : 'containerHints.mp4')}</p>
      </div>
      {canIncludeOriginal && (
        <label className="flex items-start gap-2 text-sm text-fg">
          <input type="checkbox" checked={includeOriginal} onChange={(e) => onIncludeOriginal(e.target.checked)} className="mt-0.5 size-4 accent-[var(--brand)]" data-testid="tracks-original" />
          <span>{t('includeOriginal')}</span>
        </label>
      )}
    </div>
  )
}

/** What the track export adds, shown where the burn-in shows its preview. */
export function TrackSummary({ tracks, container }: { tracks: SubtitleTrack[]; container: 'mkv' | 'mp4' }) {
  const t = useTranslations('videoExport')
  return (
    <div className="space-y-3 rounded-lg border border-border bg-surface-2/40 p-4" data-testid="tracks-summary">
      <p className="text-sm font-medium text-fg">{t('tracksAdded')}</p>
      <ol className="space-y-2">
        {tracks.map((track, i) => (
          <li key={track.language + i} className="flex items-center justify-between gap-3 rounded-md bg-surface px-3 py-2 text-sm" data-testid="tracks-item">
            <span className="min-w-0 truncate text-fg">{track.title}</span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-muted">
              <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono">{trackLanguageCode(track.language, container)}</code>
              {i === 0 && <span>{t('trackDefault')}</span>}
              <span className="tabular">{t('trackCues', { count: track.cues.length })}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs leading-snug text-muted">{t('tracksNote')}</p>
    </div>
  )
}
