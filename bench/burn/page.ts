// The page side of bench:burn: the export's own worker (components/video-export/export-worker.ts, bundled
// by bench/burn/browser.ts), driven as the product's run-export.ts drives it, on a file picked
// through <input type=file>. The bytes come back as they would be written to disk; they are counted,
// and a burn-in's file is sent back to the bench (POST /save) for its SSIM against the source.
import type { ExportJob } from '@/components/video-export/export-job'
import type { ExportProtocol } from '@/components/video-export/export-protocol'
import { workerClient } from '@/lib/client/worker-rpc'
import type { StyledCue } from '@/components/video-export/styled-renderer'
import type { PresetId } from '@/lib/video/universal/styles'
import { presetStyle } from '@/components/video-export/look'

export type PageRun = { ms: number; bytes: number; audio?: string }

const picked = () => (document.getElementById('pick') as HTMLInputElement).files![0]

async function runInWorker(job: ExportJob, keep = false): Promise<PageRun> {
  const worker = workerClient<ExportProtocol>(new Worker('/export-worker.js', { type: 'module' }))
  let bytes = 0
  const chunks: { position: number; data: Uint8Array }[] = []
  try {
    const { canBurn } = await worker.call('probe', undefined)
    if (job.type === 'burn' && !canBurn) throw new Error('this browser cannot burn in a worker')
    const started = performance.now()
    const { result } = await worker.call(
      'start',
      { job, toDisk: true },
      {
        onEvent: (event) => {
          if (event.type !== 'write') return
          bytes = Math.max(bytes, event.chunk.position + event.chunk.data.byteLength)
          if (keep) chunks.push({ position: event.chunk.position, data: event.chunk.data })
          worker.note('written', { id: event.id })
        },
      },
    )
    const ms = performance.now() - started
    if (keep) await save(chunks, bytes)
    return { ms, bytes, audio: result.audio }
  } finally {
    worker.terminate()
  }
}

/** The written file, put together from its positioned chunks, to the bench's server. */
async function save(chunks: { position: number; data: Uint8Array }[], size: number) {
  const file = new Uint8Array(size)
  for (const { position, data } of chunks) file.set(data, position)
  const response = await fetch('/save', { method: 'POST', body: file })
  if (!response.ok) throw new Error(`the bench did not save the file: ${response.status}`)
}

/** A burn-in, or with `plain` the same pipeline and settings drawing nothing: the re-encode it is measured against. */
function burn({ cues, preset, plain }: { cues: StyledCue[]; preset: PresetId; plain: boolean }): Promise<PageRun> {
  return runInWorker({ type: 'burn', source: picked(), renderer: { kind: 'styled', cues: plain ? [] : cues, style: presetStyle(preset) }, video: { codec: 'avc', quality: 'high' } }, !plain)
}

function tracks({ cues }: { cues: StyledCue[] }): Promise<PageRun> {
  return runInWorker({
    type: 'tracks',
    source: picked(),
    container: 'mkv',
    tracks: [
      { language: 'fr', title: 'Français', cues: cues.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.translation })) },
      { language: 'en', title: 'English', cues: cues.map((c) => ({ startMs: c.startMs, endMs: c.endMs, text: c.original })) },
    ],
  })
}

Object.assign(window, { bench: { burn, tracks } })
