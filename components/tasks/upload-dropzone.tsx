'use client'

import { useTranslations } from 'next-intl'
import { useRef, useState, type DragEvent } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { MEDIA_ACCEPT } from '@/lib/client/recording'
import { formatBytes } from '@/lib/client/task-helpers'
import { SUBTITLE_EXTENSIONS } from '@/lib/subtitles/format'

// The file picker offers subtitle files by extension, and by the types browsers give them, and
// videos and recordings to transcribe by extension.
const ACCEPT = [...SUBTITLE_EXTENSIONS.map((ext) => `.${ext}`), 'application/x-subrip', 'text/vtt', 'text/plain', MEDIA_ACCEPT].join(',')

type Props = {
  file: File | null
  /** One file or several (a batch: one task per file and target language). */
  onFiles: (files: File[]) => void
  isDisabled?: boolean
  /** Problem with the chosen file, shown inside the zone so it sits next to its cause. */
  error?: string | null
}

function FileIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cn('size-6', className)}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M14 3v5h5M8.5 13h7M8.5 16.5h4.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  )
}

/** Drag-and-drop or pick subtitle files (or one video or recording to transcribe); once one is chosen it shows the file and offers another pick. */
export function UploadDropzone({ file, onFiles, isDisabled, error }: Props) {
  const t = useTranslations('upload.drop')
  const input = useRef<HTMLInputElement>(null)
  const [isOver, setOver] = useState(false)

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const dropped = [...(event.dataTransfer.files ?? [])]
    if (dropped.length > 0 && !isDisabled) onFiles(dropped)
  }
  const dragProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      if (!isDisabled) setOver(true)
    },
    onDragLeave: () => setOver(false),
    onDrop,
  }
  const picker = (
    <input
      ref={input}
      type="file"
      multiple
      accept={ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid="upload-input"
      disabled={isDisabled}
      onChange={(event) => {
        const chosen = [...(event.target.files ?? [])]
        if (chosen.length > 0) onFiles(chosen)
        event.target.value = ''
      }}
    />
  )

  if (file) {
    return (
      <div
        {...dragProps}
        className={cn('flex items-center gap-3 rounded-lg border px-3 py-2.5', isOver ? 'border-brand bg-brand-subtle' : error ? 'border-danger/50 bg-danger-subtle/40' : 'border-border bg-surface-2/50')}
      >
        <FileIcon className={error ? 'text-danger' : 'text-brand'} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-fg" title={file.name} data-testid="upload-file-name">
            {file.name}
          </p>
          {error ? (
            <p role="alert" className="text-xs text-danger" data-testid="upload-file-error">
              {error}
            </p>
          ) : (
            <p className="tabular text-xs text-subtle">{formatBytes(file.size)}</p>
          )}
        </div>
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={isDisabled}>
          {t('change')}
        </Button>
        {picker}
      </div>
    )
  }

  return (
    <div
      {...dragProps}
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors',
        isOver ? 'border-brand bg-brand-subtle' : 'border-border bg-surface-2/40',
      )}
      data-testid="upload-dropzone"
    >
      <FileIcon className="size-8 text-brand" />
      <p className="mt-3 text-sm font-medium text-fg">{t('title')}</p>
      <p className="mt-1 text-xs text-subtle">{t('hint')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => input.current?.click()} disabled={isDisabled}>
        {t('browse')}
      </Button>
      {picker}
    </div>
  )
}
