'use client'

import { forwardRef, useCallback, useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react'
import { cn } from '@/components/ui/cn'

// Chromium and Safari size text boxes to their content in CSS; elsewhere we measure once per change.
const hasFieldSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content')

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }

/** A text box as tall as its text: the editor's rows grow with multi-line cues instead of scrolling. */
export const AutosizeTextarea = forwardRef<HTMLTextAreaElement, Props>(function AutosizeTextarea({ className, value, ...rest }, forwarded) {
  const own = useRef<HTMLTextAreaElement | null>(null)
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      own.current = node
      if (typeof forwarded === 'function') forwarded(node)
      else if (forwarded) forwarded.current = node
    },
    [forwarded],
  )
  useLayoutEffect(() => {
    const node = own.current
    if (hasFieldSizing || !node) return
    node.style.height = 'auto'
    node.style.height = `${node.scrollHeight + 2}px`
  }, [value])
  return <textarea ref={setRef} rows={1} value={value} className={cn('resize-none overflow-hidden [field-sizing:content]', className)} {...rest} />
})
