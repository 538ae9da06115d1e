// The browser tests' handle on the video export's modules: bundled by e2e/video/harness.ts and run
// as an init script inside a real page of the app (the editor), so they meet that page's origin
// and Content-Security-Policy. Test code only: nothing under app/, components/ or lib/ imports it.
import { BufferTarget } from 'mediabunny'
import { NextIntlClientProvider } from 'next-intl'
import { createRoot } from 'react-dom/client'
import { VideoExportUnsupported } from '@/components/editor/video-export-unsupported'
import { createAssRenderer } from '@/lib/client/video/ass-renderer'
import { burnSubtitles } from '@/lib/client/video/burn'
import { videoExportSupport, type UnsupportedReason } from '@/lib/client/video/capability'
import { muxSubtitleTracks } from '@/lib/client/video/tracks'
import enUS from '@/messages/en-US.json'
import jaJP from '@/messages/ja-JP.json'
import zhCN from '@/messages/zh-CN.json'

const MESSAGES = { 'zh-CN': zhCN, 'en-US': enUS, 'ja-JP': jaJP }

/**
 * Shows the "cannot make the video" panel in a box of its own on the page, in `locale`, as the
 * export dialog does; the track export button records its clicks on `window.trackExportChosen`.
 */
function mountUnsupported({ locale, reason, task }: { locale: keyof typeof MESSAGES; reason: UnsupportedReason; task: { id: string; fileName: string } }) {
  const box = document.createElement('div')
  box.id = 'unsupported-box'
  document.body.prepend(box)
  const onTrackExport = () => Object.assign(window, { trackExportChosen: true })
  createRoot(box).render(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]}>
      <VideoExportUnsupported reason={reason} task={task} content="translated" onTrackExport={onTrackExport} />
    </NextIntlClientProvider>,
  )
}

const modules = { muxSubtitleTracks, BufferTarget, videoExportSupport, mountUnsupported, createAssRenderer, burnSubtitles }
export type VideoModules = typeof modules

Object.assign(window, { videoModules: modules })
