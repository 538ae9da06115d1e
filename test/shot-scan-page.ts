// A page for the Chromium test of shot detection (lib/client/timeline/shot-scan.test.ts): scans the
// picked video with the worker's own code, WebCodecs and all.
import { scanShotChanges } from '@/lib/client/timeline/shot-scan'

const picked = () => (document.getElementById('pick') as HTMLInputElement).files![0]

;(window as unknown as { scan: () => Promise<unknown> }).scan = async () => {
  try {
    return await scanShotChanges(picked())
  } catch (error) {
    return { error: String(error) }
  }
}
