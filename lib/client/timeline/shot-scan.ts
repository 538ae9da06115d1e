// A video's shot changes read in the browser: its frames decoded with WebCodecs (through
// mediabunny, which feeds the browser's VideoDecoder), each scaled down to a small picture and
// reduced to luma, handed to the detector (lib/shots) as they come. Runs in the shot-change worker
// (shot-worker.ts), off the page's thread.

import { ALL_FORMATS, BlobSource, CanvasSink, Input } from 'mediabunny'
import { ShotDetector } from '@/lib/shots/detect'
import { detectSize, lumaOf, type ShotProblem } from './shot-protocol'

export class ShotScanProblem extends Error {
  constructor(
    readonly problem: ShotProblem,
    detail: string,
  ) {
    super(detail)
  }
}

export type ScannedShots = { cutsMs: number[]; frameRate: number | null; durationMs: number }

/** Every cut of the video (ms of each cut's first frame); `onCuts` hears of new ones as they are found, with how far the frames are read. */
export async function scanShotChanges(file: Blob, onCuts?: (cutsMs: number[], doneMs: number, durationMs: number) => void): Promise<ScannedShots> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS })
  try {
    const track = await input.getPrimaryVideoTrack()
    if (!track) throw new ShotScanProblem('noVideo', 'no video track')
    if (!(await track.canDecode())) throw new ShotScanProblem('undecodable', `cannot decode ${track.codec ?? 'this video'}`)
    const durationMs = Math.round((await input.computeDuration()) * 1000)
    const stats = await track.computePacketStats(120)
    const frameRate = stats.averagePacketRate > 0 ? Math.round(stats.averagePacketRate * 1000) / 1000 : null
    const size = detectSize(track.displayWidth, track.displayHeight)
    const sink = new CanvasSink(track, { ...size, fit: 'fill', poolSize: 1 })
    const detector = new ShotDetector(frameRate ? 1000 / frameRate : 40)
    const found: number[] = []
    let luma: Uint8Array | undefined
    for await (const { canvas, timestamp } of sink.canvases()) {
      const context = (canvas as OffscreenCanvas).getContext('2d', { willReadFrequently: true })
      if (!context) throw new ShotScanProblem('failed', 'no 2d context')
      // The detector keeps the frame before: each frame gets an array of its own.
      luma = lumaOf(context.getImageData(0, 0, size.width, size.height).data)
      const doneMs = Math.round(timestamp * 1000)
      const cuts = detector.push({ luma, timeMs: doneMs })
      found.push(...cuts)
      onCuts?.(cuts, doneMs, durationMs)
    }
    const last = detector.finish()
    found.push(...last)
    if (last.length > 0) onCuts?.(last, durationMs, durationMs)
    return { cutsMs: found, frameRate, durationMs }
  } finally {
    input.dispose()
  }
}
