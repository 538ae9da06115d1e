'use client'

import { useEffect, useState } from 'react'
import { videoExportSupport, type VideoExportSupport } from './capability'

/**
 * What this browser can do with `file` (or with any video, before one is chosen): asked as soon
 * as the dialog opens and again for each file picked, so a creator is told before any work.
 * Null while the answer is pending.
 */
export function useExportSupport(file: File | null): VideoExportSupport | null {
  const [support, setSupport] = useState<{ for: File | null; value: VideoExportSupport } | null>(null)
  useEffect(() => {
    let isCurrent = true
    void videoExportSupport(file ?? undefined).then((value) => isCurrent && setSupport({ for: file, value }))
    return () => {
      isCurrent = false
    }
  }, [file])
  return support && support.for === file ? support.value : null
}
