/// <reference lib="webworker" />
// The video export's worker: decoding, drawing the subtitles on an
// OffscreenCanvas, encoding and muxing all run here, so the editor stays responsive while a long
// video is made. The job and its renderer's spec come as plain data; the bytes go to the page as
// they are written (to disk) or into a buffer handed back at the end (in memory).
import { serveWorker, transfer, type CallContext } from '@/lib/client/worker-rpc'
import { problemOf, runExportJob, type ExportJob } from './export-job'
import type { ExportErrorData, ExportEvent, ExportProtocol } from './export-protocol'
import { memoryFile } from './memory-file'
import type { OutputChunk } from './output'

const scope = self as unknown as DedicatedWorkerGlobalScope
let running: AbortController | null = null
/** Writes the page has not acknowledged yet. */
const unwritten = new Map<number, () => void>()
let nextWrite = 1

/** A burn-in needs a 2D OffscreenCanvas and WebCodecs here, not only in the page. */
function canBurn(): boolean {
  try {
    return typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined' && new OffscreenCanvas(2, 2).getContext('2d') !== null
  } catch {
    return false
  }
}

/** A stream whose chunks go to the page, each write finished once the page has written it. */
function toPage(emit: CallContext<ExportEvent>['emit']): WritableStream<OutputChunk> {
  return new WritableStream<OutputChunk>({
    write: (chunk) =>
      new Promise<void>((resolve) => {
        const id = nextWrite++
        unwritten.set(id, resolve)
        const data = chunk.data.slice()
        emit({ type: 'write', id, chunk: { type: 'write', position: chunk.position, data } }, [data.buffer])
      }),
  })
}

class Cancelled extends Error {}

async function start({ job, toDisk }: { job: ExportJob; toDisk: boolean }, { emit }: CallContext<ExportEvent>) {
  const abort = new AbortController()
  running = abort
  try {
    const memory = toDisk ? null : memoryFile()
    const result = await runExportJob(job, memory?.stream ?? toPage(emit), abort.signal, (progress) => emit({ type: 'progress', progress }))
    const buffer = memory?.take() ?? null
    return transfer({ result, buffer }, buffer ? [buffer] : [])
  } catch (error) {
    throw abort.signal.aborted ? new Cancelled('cancelled') : error
  } finally {
    running = null
  }
}

serveWorker<ExportProtocol>(
  {
    calls: { probe: () => ({ canBurn: canBurn() }), start },
    notes: {
      written: ({ id }) => {
        unwritten.get(id)?.()
        unwritten.delete(id)
      },
      cancel: () => running?.abort(),
    },
    errorData: (error): ExportErrorData => (error instanceof Cancelled ? { cancelled: true } : { problem: problemOf(error) }),
  },
  scope,
)
