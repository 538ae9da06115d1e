// A page for the Chromium tests of the timeline's scans (lib/client/timeline/scans.test.ts): the
// picked file's shot changes and waveform, with the workers' own code, WebCodecs and all.
import { startExtraction } from '@/lib/client/recording/extract-audio'
import { scanPeaks } from '@/lib/client/timeline/peaks-scan'
import { scanShotChanges } from '@/lib/client/timeline/shot-scan'
import { bytesToBase64, encodePeaks } from '@/lib/waveform'

const picked = () => (document.getElementById('pick') as HTMLInputElement).files![0]
const page = window as unknown as { scan: () => Promise<unknown>; peaks: () => Promise<unknown> }

page.scan = async () => {
  try {
    return await scanShotChanges(picked())
  } catch (error) {
    return { error: String(error) }
  }
}

page.peaks = async () => {
  try {
    let runs = 0
    const peaks = await scanPeaks(picked(), { onRun: () => runs++, everyMs: 1000 })
    return { base64: bytesToBase64(encodePeaks(peaks)), runs }
  } catch (error) {
    return { error: String(error) }
  }
}

/** Takes the picked file's sound out with the extraction workers (their bundle handed in) and answers the waveform they measured on the way. */
;(window as unknown as { extract: (workerCode: string) => Promise<unknown> }).extract = async (workerCode: string) => {
  try {
    const url = URL.createObjectURL(new Blob([workerCode], { type: 'text/javascript' }))
    const extraction = await startExtraction(picked(), { createWorker: () => new Worker(url) })
    // Nobody uploads here: the parts' bytes are read and dropped.
    await Promise.all([...extraction.parts.map((part) => part.stream.pipeTo(new WritableStream())), extraction.done])
    return { mode: extraction.plan.mode, durationMs: extraction.durationMs, base64: extraction.peaks.isEmpty ? null : bytesToBase64(encodePeaks(extraction.peaks.peaks(extraction.durationMs))) }
  } catch (error) {
    return { error: String(error) }
  }
}
