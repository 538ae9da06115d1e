// Subtitles from an ASS file drawn by a real ASS renderer: libass in WebAssembly, so the
// file's own styles and override tags (\pos, colours, fades, karaoke) come out as the author made
// them. The work happens in a worker of its own (ass-worker.ts, served from our origin with jassub's
// wasm and default font); each draw asks it for the picture at that exact time, so the export can
// render frame by frame at any time, not only in step with a playing <video>. The editor's preview
// swaps in the edited script (`update`) without starting libass again; only fonts it lacks are added.
// Chinese, Japanese and Korean lines are drawn with the bundled Noto Sans fonts (ass-fonts.ts).

import { withBundledFonts } from './ass-fonts'
import { ASS_ASSETS, type AssFrame, type AssRequest, type AssResponse } from './ass-protocol'
import type { FrameContext, SubtitleRenderer } from './subtitle-renderer'

type Pending = { resolve: (value: AssFrame | null) => void; reject: (error: Error) => void }

export async function createAssRenderer({ assText }: { assText: string }): Promise<SubtitleRenderer> {
  let script = assText
  const worker = new Worker(`${ASS_ASSETS}/ass-worker.js`, { type: 'module', name: 'ass-renderer' })
  const pending = new Map<number, Pending>()
  let nextId = 1
  let started: Promise<void> | null = null
  let startedResolve: (() => void) | null = null
  let startedReject: ((error: Error) => void) | null = null
  let failure: Error | null = null

  const fail = (error: Error) => {
    failure = error
    startedReject?.(error)
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }
  worker.onerror = (event) => fail(new Error(`The ASS renderer could not start: ${event.message || 'worker error'}`))
  worker.onmessage = ({ data }: MessageEvent<AssResponse>) => {
    if (data.type === 'ready') startedResolve?.()
    else if (data.type === 'error' && data.id === undefined) fail(new Error(data.message))
    else if (data.type === 'error' || data.type === 'frame' || data.type === 'applied') {
      const waiting = pending.get(data.id!)
      pending.delete(data.id!)
      if (data.type === 'error') waiting?.reject(new Error(data.message))
      else waiting?.resolve(data.type === 'frame' ? data.frame : null)
    }
  }
  const send = (message: AssRequest) => worker.postMessage(message)
  const ask = (message: (id: number) => AssRequest) =>
    new Promise<AssFrame | null>((resolve, reject) => {
      if (failure) return reject(failure)
      const id = nextId++
      pending.set(id, { resolve, reject })
      send(message(id))
    })

  return {
    async prepare({ width, height }) {
      if (!started) {
        started = new Promise<void>((resolve, reject) => {
          startedResolve = resolve
          startedReject = reject
        })
        send({ type: 'init', ...(await withBundledFonts(script)), width, height })
        return started
      }
      await started
      await ask((id) => ({ type: 'resize', id, width, height }))
    },
    async update(spec) {
      if (spec.kind !== 'ass') return false
      script = spec.assText
      // Before the first prepare the script simply goes with `init`.
      if (started) {
        await started
        const fonts = await withBundledFonts(script)
        await ask((id) => ({ type: 'script', id, ...fonts }))
      }
      return true
    },
    async draw(ctx: FrameContext, timeMs: number) {
      await started
      const frame = await ask((id) => ({ type: 'render', id, timeMs }))
      if (!frame) return null
      ctx.drawImage(frame.bitmap, frame.x, frame.y)
      const area = { x: frame.x, y: frame.y, width: frame.bitmap.width, height: frame.bitmap.height }
      frame.bitmap.close()
      return area
    },
    dispose() {
      fail(new Error('The ASS renderer was disposed.'))
      send({ type: 'dispose' })
      // The worker closes itself; terminate in case it is stuck in a long render.
      setTimeout(() => worker.terminate(), 1000)
    },
  }
}
