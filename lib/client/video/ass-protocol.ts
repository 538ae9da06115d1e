// Messages between the ASS renderer (ass-renderer.ts, in the page or the export's worker) and its
// libass worker (ass-worker.ts).
import type { AssFonts } from './ass-fonts'

/** The script with the fonts it needs (ass-fonts.ts); the worker adds the files it does not have yet. */
type Script = AssFonts

export type AssRequest =
  | ({ type: 'init'; width: number; height: number } & Script)
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'render'; id: number; timeMs: number }
  /** A new script in place of the old one, same fonts and size (the editor's preview after an edit). */
  | ({ type: 'script'; id: number } & Script)
  | { type: 'dispose' }

export type AssFrame = { bitmap: ImageBitmap; x: number; y: number }

export type AssResponse =
  | { type: 'ready' }
  /** A resize or a new script was applied. */
  | { type: 'applied'; id: number }
  | { type: 'frame'; id: number; frame: AssFrame | null }
  | { type: 'error'; id?: number; message: string }

/** Where scripts/vendor-jassub.ts puts the worker, jassub's wasm and its default font (public/). The
 * bundled CJK fonts come from /api/fonts. */
export const ASS_ASSETS = '/vendor/jassub'
