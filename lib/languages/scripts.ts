// Counting characters per writing system, for language detection's script rules.

export type ScriptCounts = {
  han: number
  kana: number
  hangul: number
  arabic: number
  thai: number
  cyrillic: number
  hebrew: number
  devanagari: number
  latin: number
}

/** Counts letters per script by UTF-16 code unit ranges (BMP only; rarer Han extensions are not needed to tell scripts apart). */
export function countScripts(text: string): ScriptCounts {
  const counts: ScriptCounts = { han: 0, kana: 0, hangul: 0, arabic: 0, thai: 0, cyrillic: 0, hebrew: 0, devanagari: 0, latin: 0 }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) {
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) counts.latin++
    } else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff)) counts.han++
    else if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xff66 && c <= 0xff9f)) {
      // The prolonged sound mark and middle dot sit in the kana block but Chinese uses them too.
      if (c !== 0x30fc && c !== 0x30fb) counts.kana++
    } else if ((c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f)) counts.hangul++
    else if ((c >= 0x0600 && c <= 0x06ff) || (c >= 0x0750 && c <= 0x077f) || (c >= 0xfb50 && c <= 0xfdff) || (c >= 0xfe70 && c <= 0xfefc)) counts.arabic++
    else if (c >= 0x0e00 && c <= 0x0e7f) counts.thai++
    else if (c >= 0x0400 && c <= 0x04ff) counts.cyrillic++
    else if (c >= 0x0590 && c <= 0x05ff) counts.hebrew++
    else if (c >= 0x0900 && c <= 0x097f) counts.devanagari++
    else if (c >= 0x00c0 && c <= 0x024f) counts.latin++
  }
  return counts
}

/**
 * True when kana make up at least 5% of the Han and kana letters. Japanese text is full of Han, so
 * kana are what separate it from Chinese; the small floor keeps a stray "の" in Chinese from counting.
 */
export function isJapaneseByKana(counts: ScriptCounts): boolean {
  const cjk = counts.han + counts.kana
  return counts.kana > 0 && counts.kana >= cjk * 0.05
}

// Frequent characters that differ between the two Chinese scripts, pairwise aligned.
const SIMPLIFIED_ONLY = '们这个来说时会对过还国为么发经让进样见现问头实点长东开关车门马鸟鱼书学买卖爱题话语认识请谢听应该没从'
const TRADITIONAL_ONLY = '們這個來說時會對過還國為麼發經讓進樣見現問頭實點長東開關車門馬鳥魚書學買賣愛題話語認識請謝聽應該沒從'

/** True when frequent Traditional-only characters outnumber Simplified-only ones (and appear at least 3 times). */
export function isTraditionalChinese(text: string): boolean {
  let simplified = 0
  let traditional = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c < '\u4e00') continue
    if (SIMPLIFIED_ONLY.includes(c)) simplified++
    else if (TRADITIONAL_ONLY.includes(c)) traditional++
  }
  return traditional >= 3 && traditional > simplified
}
