// A video's shot changes read in the browser: its frames decoded with WebCodecs (through
// mediabunny, which feeds the browser's VideoDecoder), each reduced to a small luma picture
// straight from the decoder's bytes (small-luma.ts) and handed to the detector (lib/shots) as they
// come. Runs in the shot-change worker (shot-worker.ts), off the page's thread.

import { ALL_FORMATS, BlobSource, Input, VideoSampleSink, type VideoSample } from 'mediabunny'
import { ShotDetector } from '@/lib/shots/detect'
import { detectSize, lumaOf, type ShotProblem } from './shot-protocol'
import { readsFormat, smallLuma } from './small-luma'

export class ShotScanProblem extends Error {
  constructor(
    readonly problem: ShotProblem,
    detail: string,
  ) {
    super(detail)
  }
}

export type ScannedShots = { cutsMs: number[]; frameRate: number | null; durationMs: number }

/** Reads frames into small luma: from the decoder's own bytes where the format allows, else through a small canvas. */
function lumaReader() {
  let buffer = new Uint8Array(0)
  let canvas: OffscreenCanvasRenderingContext2D | null = null
  return async (sample: VideoSample, width: number, height: number): Promise<Uint8Array> => {
    if (readsFormat(sample.format)) {
      const size = sample.allocationSize()
      if (buffer.length < size) buffer = new Uint8Array(size)
      const [plane] = await sample.copyTo(buffer)
      return smallLuma(buffer, { format: sample.format!, offset: plane.offset, stride: plane.stride, planeWidth: sample.visibleRect.width, planeHeight: sample.visibleRect.height }, width, height)
    }
    canvas ??= new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })
    if (!canvas) throw new ShotScanProblem('failed', 'no 2d context')
    sample.draw(canvas, 0, 0, width, height)
    return lumaOf(canvas.getImageData(0, 0, width, height).data)
  }
}

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
    const detector = new ShotDetector(frameRate ? 1000 / frameRate : 40)
    const read = lumaReader()
    const found: number[] = []
    for await (const sample of new VideoSampleSink(track).samples()) {
      try {
        // The picture as stored (rotation does not change what differs between two frames).
        const size = detectSize(sample.visibleRect.width, sample.visibleRect.height)
        const doneMs = Math.round(sample.timestamp * 1000)
        const cuts = detector.push({ luma: await read(sample, size.width, size.height), timeMs: doneMs })
        found.push(...cuts)
        onCuts?.(cuts, doneMs, durationMs)
      } finally {
        sample.close()
      }
    }
    const last = detector.finish()
    found.push(...last)
    if (last.length > 0) onCuts?.(last, durationMs, durationMs)
    return { cutsMs: found, frameRate, durationMs }
  } finally {
    input.dispose()
  }
}
