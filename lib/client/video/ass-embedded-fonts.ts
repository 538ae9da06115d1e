// The fonts an ASS script carries in its [Fonts] section: each `fontname:` line, then the file in
// SSA's uuencoding (every character is 33 plus six bits; four characters make three bytes, a last
// group of two or three characters makes one or two), in lines of up to 80 characters.

export type EmbeddedFont = { name: string; data: Uint8Array }

export function embeddedFonts(script: string): EmbeddedFont[] {
  const fonts: { name: string; lines: string[] }[] = []
  let inFonts = false
  for (const raw of script.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith('[') && line.endsWith(']')) {
      inFonts = line.toLowerCase() === '[fonts]'
      continue
    }
    if (!inFonts || line === '') continue
    const name = /^fontname:\s*(.+)$/i.exec(line)
    if (name) fonts.push({ name: name[1].trim(), lines: [] })
    else fonts.at(-1)?.lines.push(line)
  }
  return fonts.flatMap(({ name, lines }) => {
    const data = uudecode(lines.join(''))
    return data && data.byteLength > 0 ? [{ name, data }] : []
  })
}

/** SSA's uuencoding back to bytes; null when the text cannot be one (a last group of one character). */
export function uudecode(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null
  const out = new Uint8Array(Math.floor(text.length / 4) * 3 + Math.max(0, (text.length % 4) - 1))
  let at = 0
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4)
    let value = 0
    for (let j = 0; j < group.length; j++) value |= ((group.charCodeAt(j) - 33) & 63) << (6 * (3 - j))
    out[at++] = (value >>> 16) & 0xff
    if (group.length >= 3) out[at++] = (value >>> 8) & 0xff
    if (group.length >= 4) out[at++] = value & 0xff
  }
  return out
}

/** Bytes in SSA's uuencoding, in lines of 80 characters (for scripts made here and in tests). */
export function uuencode(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const count = Math.min(3, bytes.length - i)
    const value = (bytes[i] << 16) | ((count > 1 ? bytes[i + 1] : 0) << 8) | (count > 2 ? bytes[i + 2] : 0)
    for (let j = 0; j < count + 1; j++) text += String.fromCharCode(((value >>> (6 * (3 - j))) & 63) + 33)
  }
  return text.replace(/(.{80})/g, '$1\n').trimEnd()
}
