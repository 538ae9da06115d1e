// @vitest-environment happy-dom
// Dates for the viewer: labelled UTC in server HTML (the zone is unknown there), the browser's own
// zone once rendered in the browser, and hydration from one to the other without a mismatch.
import { act, cleanup, render } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useDateTime } from './use-date-time'

const SUBMITTED = '2026-11-25T03:30:00.000Z' // 22:30 the day before in New York, 11:30 in Shanghai
const OPTIONS = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const

function Submitted() {
  const dateTime = useDateTime()
  return <time dateTime={SUBMITTED}>{dateTime(SUBMITTED, OPTIONS)}</time>
}

// The configured zone is what the server used to format in; the browser's must win over it.
const page = (
  <NextIntlClientProvider locale="en-US" messages={{}} timeZone="Asia/Shanghai">
    <Submitted />
  </NextIntlClientProvider>
)

const previousZone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'America/New_York'
})
afterAll(() => {
  // Unit files share a process: an unset zone stays unset (assigning undefined would set "undefined").
  if (previousZone === undefined) delete process.env.TZ
  else process.env.TZ = previousZone
})
afterEach(cleanup)

describe('useDateTime', () => {
  it('renders in the browser time zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York')
    const { container } = render(page)
    expect(container.textContent).toBe('Nov 24, 22:30')
  })

  it('renders labelled UTC on the server, then hydrates to the browser zone without a mismatch', async () => {
    const html = renderToString(page)
    expect(html).toContain('Nov 25, 03:30 UTC')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recoverable: unknown[] = []
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => void recoverable.push(error) })
    })
    expect(container.textContent).toBe('Nov 24, 22:30')
    expect(recoverable).toEqual([])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
    container.remove()
  })
})
