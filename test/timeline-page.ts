// A page for the Chromium tests of the timeline's scans (lib/client/timeline/scans.test.ts): the
// picked file's shot changes and waveform, with the workers' own code, WebCodecs and all.
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
