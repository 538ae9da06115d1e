import 'server-only'
import { memoryKey } from './keys'
import { checkTmxSize, parseTmx } from './tmx'

/** One language pair of an import, ready to store: one line per match key, in parallel lists. */
export type TmxImportPair = { sourceLanguage: string; targetLanguage: string; keys: string[]; sources: string[]; targets: string[] }
export type TmxImport = { pairs: TmxImportPair[]; skipped: number; tooLong: number }

/**
 * Reads an uploaded TMX file into what the import stores: decoded as UTF-8, refused over the caps
 * before it is parsed (checkTmxSize), parsed and grouped by pair (parseTmx), and keyed as the
 * memory matches lines. Of two lines with the same key the later one in the file wins, as a
 * person's later edit does. All of it is linear in the file's size; lib/memory/tmx-off-thread.ts
 * runs it in a worker thread for large files.
 */
export function readTmxImport(bytes: Uint8Array): TmxImport {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  checkTmxSize(text)
  const read = parseTmx(text)
  const pairs = read.pairs.map((pair) => {
    const at = new Map<string, number>()
    pair.sources.forEach((source, i) => at.set(memoryKey(source), i))
    const keys = [...at.keys()]
    const lines = [...at.values()]
    return { sourceLanguage: pair.sourceLanguage, targetLanguage: pair.targetLanguage, keys, sources: lines.map((i) => pair.sources[i]), targets: lines.map((i) => pair.targets[i]) }
  })
  return { pairs, skipped: read.skipped, tooLong: read.tooLong }
}
