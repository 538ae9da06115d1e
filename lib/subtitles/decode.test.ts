import { describe, expect, it } from 'vitest'
import iconv from 'iconv-lite'
import { decodeSubtitleBytes, isLikelyBinary } from '@/lib/subtitles/decode'
import { parseSrt } from '@/lib/subtitles/srt'

function srtOf(...lines: string[]): string {
  return lines.map((line, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${line}\r\n`).join('\r\n')
}

const utf8 = (text: string) => new TextEncoder().encode(text)
const encode = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding))

describe('decodeSubtitleBytes: Unicode', () => {
  const text = srtOf('Hello 你好 こんにちは 😀', 'Zweite Zeile: äöü')

  it('decodes UTF-8 with and without BOM, dropping the BOM', () => {
    expect(decodeSubtitleBytes(utf8(text))).toBe(text)
    expect(decodeSubtitleBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]))).toBe(text)
  })

  it.each(['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'])('decodes %s with BOM', (encoding) => {
    const withBom = new Uint8Array(iconv.encode(text, encoding, { addBOM: true }))
    expect(decodeSubtitleBytes(withBom)).toBe(text)
  })

  it('decodes BOM-less UTF-16 by its zero bytes', () => {
    expect(decodeSubtitleBytes(encode(text, 'utf-16le'))).toBe(text)
    expect(decodeSubtitleBytes(encode(text, 'utf-16be'))).toBe(text)
  })

  it('decodes empty input to an empty string', () => {
    expect(decodeSubtitleBytes(new Uint8Array())).toBe('')
  })

  it('prefers valid UTF-8 even when a legacy reading is possible', () => {
    // "Ã©" in UTF-8 is also valid Windows-1252 mojibake; UTF-8 must win.
    const tricky = srtOf('café résumé naïve', '中文字幕')
    expect(decodeSubtitleBytes(utf8(tricky))).toBe(tricky)
  })
})

describe('decodeSubtitleBytes: legacy encodings round trip', () => {
  const cases: [string, string[]][] = [
    ['gbk', ['你好，世界！这是一个测试字幕文件。', '我们今天晚上去公园散步吧，好不好？', '他说：“明天见。”']],
    ['gb18030', ['欢迎使用字幕翻译工具，祝你愉快。', '这部电影真的很好看，我还想再看一遍。', '𠮷野家的牛肉饭很好吃。']],
    ['big5', ['你好，世界！這是一個測試字幕檔案。', '我們今天晚上去公園散步吧，好不好？', '他說：「明天見。」']],
    ['shift_jis', ['こんにちは、世界！これはテスト字幕ファイルです。', '今日は公園に行きましょう。', '「また明日ね」と彼は言った。']],
    ['euc-kr', ['안녕하세요, 세계! 이것은 테스트 자막 파일입니다.', '오늘 저녁에 공원에 갈까요?', '내일 봐요.']],
    ['windows-1250', ['Příliš žluťoučký kůň úpěl ďábelské ódy.', 'Zażółć gęślą jaźń, proszę pana.', 'Dobrý den, jak se máte? Děkuji, dobře.']],
    ['windows-1251', ['Привет, мир! Это тестовый файл субтитров.', 'Съешь же ещё этих мягких французских булок.', 'Увидимся завтра, хорошо?']],
    ['windows-1252', ['Bonjour à tous, ça va très bien.', 'Où est la bibliothèque? L’élève est là.', 'Señor, ¿dónde está el niño? — ¡Aquí!']],
  ]

  it.each(cases)('%s', (encoding, lines) => {
    const text = srtOf(...lines)
    const bytes = encode(text, encoding)
    expect(new TextDecoder('utf-8', { fatal: false }).decode(bytes)).not.toBe(text)
    const decoded = decodeSubtitleBytes(bytes)
    expect(decoded).toBe(text)
    expect(parseSrt(decoded).map((cue) => cue.text)).toEqual(lines)
  })

  it('detects from content even when the first lines are plain ASCII', () => {
    const lines = ['Opening credits', ...Array.from({ length: 200 }, (_, i) => `Line ${i}`), '你好，世界！这是一个测试字幕文件。我们走吧。']
    const text = srtOf(...lines)
    expect(decodeSubtitleBytes(encode(text, 'gbk'))).toBe(text)
  })
})

describe('isLikelyBinary', () => {
  it('accepts text in any of the supported encodings', () => {
    const text = srtOf('Hello\tworld', '你好')
    expect(isLikelyBinary(utf8(text))).toBe(false)
    expect(isLikelyBinary(new Uint8Array(iconv.encode(text, 'utf-16le', { addBOM: true })))).toBe(false)
    expect(isLikelyBinary(new Uint8Array(iconv.encode(text, 'utf-32be', { addBOM: true })))).toBe(false)
    expect(isLikelyBinary(encode(text, 'utf-16le'))).toBe(false)
    expect(isLikelyBinary(encode(text, 'gbk'))).toBe(false)
    expect(isLikelyBinary(new Uint8Array())).toBe(false)
  })

  it('refuses NUL bytes and control-heavy data', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
    expect(isLikelyBinary(png)).toBe(true)
    const controls = new Uint8Array(1000).map((_, i) => (i % 10 === 0 ? 0x01 : 0x41))
    expect(isLikelyBinary(controls)).toBe(true)
    const pseudoRandom = new Uint8Array(4096).map((_, i) => ((i * 2_654_435_761) >>> 13) & 0xff)
    expect(isLikelyBinary(pseudoRandom)).toBe(true)
  })
})
