// What the ASS renderer (ass-renderer.ts, in the page or the export's worker) asks of its libass
// worker (ass-worker.ts), through the one worker RPC (lib/client/worker-rpc.ts).
import type { AssFonts } from './ass-fonts'

/** The script with the fonts it needs (ass-fonts.ts); the worker adds the files it does not have yet. */
type Script = AssFonts

export type AssFrame = { bitmap: ImageBitmap; x: number; y: number }

export type AssProtocol = {
  calls: {
    init: { args: { width: number; height: number } & Script; result: void }
    resize: { args: { width: number; height: number }; result: void }
    /** A new script in place of the old one, same fonts and size (the editor's preview after an edit). */
    script: { args: Script; result: void }
    render: { args: { timeMs: number }; result: AssFrame | null }
  }
  notes: { dispose: undefined }
}

/** Where scripts/vendor-jassub.ts puts the worker, jassub's wasm and its default font (public/). The
 * bundled CJK fonts come from /vendor/fonts (scripts/vendor-fonts.ts). */
export const ASS_ASSETS = '/vendor/jassub'
