// Single-byte code pages: subtitle files written in each language, encoded with iconv-lite into the
// code page such files come in, must decode back to the same text, short or feature-length.
import { describe, expect, it } from 'vitest'
import iconv from 'iconv-lite'
import { decodeSubtitleBytes } from '@/lib/subtitles/decode'
import { CASES, FEATURE_CUES, srtOf, TEXTS } from '@/lib/subtitles/fixtures/code-page-texts'

function encode(text: string, encoding: string): Uint8Array {
  const bytes = new Uint8Array(iconv.encode(text, encoding))
  // The code page must hold every letter of the text, or the test would prove nothing.
  expect(iconv.decode(Buffer.from(bytes), encoding)).toBe(text)
  return bytes
}

describe('decodeSubtitleBytes: single-byte code pages by language', () => {
  for (const { encoding, languages, featureLength } of CASES) {
    describe(encoding, () => {
      it.each(featureLength)(`a feature-length (${FEATURE_CUES} cues) %s file`, (language) => {
        const text = srtOf(TEXTS[language], FEATURE_CUES)
        expect(decodeSubtitleBytes(encode(text, encoding))).toBe(text)
      })

      it.each(languages)('a short (3 cues) %s file', (language) => {
        const text = srtOf(TEXTS[language], 3)
        expect(decodeSubtitleBytes(encode(text, encoding))).toBe(text)
      })
    })
  }

  // Multi-byte decodings stay chardet's when they read as text, Latin words beside the CJK included.
  it.each([
    ['gbk', ['你好，我是Tony。这是DVD版的字幕。', '我们明天去北京吧，好不好？', '他说：“OK，没问题。”']],
    ['big5', ['你好，我是Tony。這是DVD版的字幕。', '我們明天去台北吧，好不好？', '他說：「OK，沒問題。」']],
    ['shift_jis', ['こんにちは、Tシャツを買いに行こう。', 'CDを聴きながら歩いた。', '「また明日ね」と彼は言った。ｶﾀｶﾅも。']],
    ['euc-kr', ['안녕하세요, 저는 Tony입니다.', '오늘 저녁에 공원에 갈까요?', 'DVD로 영화를 봤어요.']],
  ])('a feature-length %s file', (encoding, lines) => {
    const text = srtOf(lines, FEATURE_CUES)
    expect(decodeSubtitleBytes(encode(text, encoding))).toBe(text)
    const short = srtOf(lines, 3)
    expect(decodeSubtitleBytes(encode(short, encoding))).toBe(short)
  })

  it('reads the Serbian film line that Windows-1252 turns into "Ðino, doðavola"', () => {
    const text = srtOf(['Đino, dođavola!', 'Neće.'], 2)
    const decoded = decodeSubtitleBytes(encode(text, 'windows-1250'))
    expect(decoded).toContain('Đino, dođavola!')
    expect(decoded).toContain('Neće.')
  })

  it('keeps English with curly quotes and dashes in Windows-1252', () => {
    const text = srtOf(['“Don’t go,” she said — quietly…', 'It’s 5 °C outside, isn’t it?'], 2)
    expect(decodeSubtitleBytes(encode(text, 'windows-1252'))).toBe(text)
  })
})
