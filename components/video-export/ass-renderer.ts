// Subtitles from an ASS file drawn by a real ASS renderer: libass in WebAssembly, so the
// file's own styles and override tags (\pos, colours, fades, karaoke) come out as the author made
// them. The work happens in a worker of its own (ass-worker.ts, served from our origin with jassub's
// wasm and default font); each draw asks it for the picture at that exact time, so the export can
// render frame by frame at any time, not only in step with a playing <video>. The editor's preview
// swaps in the edited script (`update`) without starting libass again; only fonts it lacks are added.
// Chinese, Japanese and Korean lines are drawn with the bundled Noto Sans fonts (ass-fonts.ts).

import { workerClient } from '@/lib/client/worker-rpc'
import { withBundledFonts } from './ass-fonts'
import { ASS_ASSETS, type AssProtocol } from './ass-protocol'
import type { FrameContext, SubtitleRenderer } from './subtitle-renderer'

export async function createAssRenderer({ assText }: { assText: string }): Promise<SubtitleRenderer> {
  let script = assText
  const worker = workerClient<AssProtocol>(new Worker(`${ASS_ASSETS}/ass-worker.js`, { type: 'module', name: 'ass-renderer' }))
  let started: Promise<void> | null = null
  // A worker that could not start says so: the renderer's caller falls back or reports it.
  const failed = (error: unknown) => Promise.reject(new Error(`The ASS renderer could not start: ${error instanceof Error ? error.message : String(error)}`))

  return {
    async prepare({ width, height }) {
      if (!started) {
        started = withBundledFonts(script).then((fonts) => worker.call('init', { ...fonts, width, height }).catch(failed))
        return started
      }
      await started
      await worker.call('resize', { width, height })
    },
    async update(spec) {
      if (spec.kind !== 'ass') return false
      script = spec.assText
      // Before the first prepare the script simply goes with `init`.
      if (started) {
        await started
        const fonts = await withBundledFonts(script)
        await worker.call('script', fonts)
      }
      return true
    },
    async draw(ctx: FrameContext, timeMs: number) {
      await started
      const frame = await worker.call('render', { timeMs })
      if (!frame) return null
      ctx.drawImage(frame.bitmap, frame.x, frame.y)
      const area = { x: frame.x, y: frame.y, width: frame.bitmap.width, height: frame.bitmap.height }
      frame.bitmap.close()
      return area
    },
    dispose() {
      worker.note('dispose', undefined)
      // The worker closes itself; terminate in case it is stuck in a long render.
      setTimeout(() => worker.terminate(), 1000)
    },
  }
}
