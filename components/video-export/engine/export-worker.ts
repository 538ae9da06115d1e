/// <reference lib="webworker" />
// The video export's worker: decoding, drawing the subtitles on an
// OffscreenCanvas, encoding and muxing all run here, so the editor stays responsive while a long
// video is made. The job and its renderer's spec come as plain data; the bytes go to the page as
// they are written (to disk) or into a buffer handed back at the end (in memory).
import { problemOf, runExportJob } from './export-job'
import type { FromWorker, ToWorker } from './export-protocol'
import { memoryFile } from './memory-file'
import type { OutputChunk } from './output'

const scope = self as unknown as DedicatedWorkerGlobalScope
let running: AbortController | null = null
/** Writes the page has not acknowledged yet. */
const unwritten = new Map<number, () => void>()
let nextWrite = 1

const reply = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer)

/** A burn-in needs a 2D OffscreenCanvas and WebCodecs here, not only in the page. */
function canBurn(): boolean {
  try {
    return typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined' && new OffscreenCanvas(2, 2).getContext('2d') !== null
  } catch {
    return false
  }
}

/** A stream whose chunks go to the page, each write finished once the page has written it. */
function toPage(): WritableStream<OutputChunk> {
  return new WritableStream<OutputChunk>({
    write: (chunk) =>
      new Promise<void>((resolve) => {
        const id = nextWrite++
        unwritten.set(id, resolve)
        const data = chunk.data.slice()
        reply({ type: 'write', id, chunk: { type: 'write', position: chunk.position, data } }, [data.buffer])
      }),
  })
}

async function start({ job, toDisk }: Extract<ToWorker, { type: 'start' }>) {
  const abort = new AbortController()
  running = abort
  try {
    const memory = toDisk ? null : memoryFile()
    const result = await runExportJob(job, memory?.stream ?? toPage(), abort.signal, (progress) => reply({ type: 'progress', progress }))
    const buffer = memory?.take() ?? null
    reply({ type: 'done', result, buffer }, buffer ? [buffer] : [])
  } catch (error) {
    if (abort.signal.aborted) reply({ type: 'cancelled' })
    else reply({ type: 'failed', problem: problemOf(error), message: String(error) })
  } finally {
    running = null
  }
}

scope.onmessage = ({ data }: MessageEvent<ToWorker>) => {
  if (data.type === 'probe') reply({ type: 'probed', canBurn: canBurn() })
  else if (data.type === 'start') void start(data)
  else if (data.type === 'written') {
    unwritten.get(data.id)?.()
    unwritten.delete(data.id)
  } else if (data.type === 'cancel') running?.abort()
}
