import { describe, expect, it } from 'vitest'
import { detectLanguage, detectTextLanguage } from '@/lib/languages/detect'

const cues = (...texts: string[]) => texts.map((text) => ({ text }))

describe('detectLanguage', () => {
  it.each([
    ['zh-CN', ['你好，我们今天晚上去哪里吃饭？', '我不知道，你决定吧。', '那我们去吃火锅怎么样？']],
    ['zh-HK', ['你好，我們今天晚上去哪裡吃飯？', '我不知道，你決定吧。', '這個時候說這些還有什麼用？']],
    ['ja', ['今日は本当に楽しかったです。', '明日も一緒に学校へ行きましょう。', '東京の天気はどうですか？']],
    ['ko', ['안녕하세요, 만나서 반갑습니다.', '오늘 저녁에 뭐 먹을까요?', '내일 다시 만나요.']],
    ['en', ['Where are you going tonight?', "I don't know, maybe to the movies.", 'Can I come with you?']],
    ['ru', ['Привет, как у тебя дела?', 'Всё хорошо, спасибо. А у тебя?', 'Пойдём сегодня в кино?']],
    ['fr', ['Bonjour, comment allez-vous aujourd’hui ?', 'Je ne sais pas où il est parti.', 'Nous devons partir avant la nuit.']],
    ['ar', ['مرحبا، كيف حالك اليوم؟', 'أنا بخير، شكرا لك.', 'هل تريد أن تذهب إلى السينما؟']],
    ['th', ['สวัสดีครับ วันนี้เป็นอย่างไรบ้าง', 'ผมสบายดี ขอบคุณครับ', 'คุณอยากไปดูหนังไหม']],
    ['de', ['Wo gehst du heute Abend hin?', 'Ich weiß es nicht, vielleicht ins Kino.', 'Kann ich mitkommen?']],
    ['es', ['¿Adónde vas esta noche?', 'No lo sé, tal vez al cine.', '¿Puedo ir contigo?']],
    ['uk', ['Привіт, як у тебе справи?', 'Все добре, дякую. А в тебе?', 'Ходімо сьогодні в кіно?']],
  ])('detects %s', (expected, texts) => {
    expect(detectLanguage(cues(...texts))).toBe(expected)
  })

  it('prefers ja over Chinese when kana appear among many Han characters', () => {
    expect(detectLanguage(cues('日本国憲法第九条に関する政府見解について議論する。', '内閣総理大臣記者会見'))).toBe('ja')
  })

  it('keeps zh-CN for Chinese with a stray kana', () => {
    const text = '我们今天晚上去哪里吃饭？我不知道你决定吧。那我们去吃火锅怎么样？这个时候说这些还有什么用？我の天啊'
    expect(detectLanguage(cues(text))).toBe('zh-CN')
  })

  it('ignores formatting tags', () => {
    expect(detectLanguage(cues('<i>{\\an8}<font color="#ffffff">你好，我们今天晚上去哪里吃饭？</font></i>'))).toBe('zh-CN')
    expect(detectLanguage(cues('<font face="Arial" color="#ffffff">Привет, как у тебя дела сегодня?</font>'))).toBe('ru')
  })

  it('gives zh-CN for under 10 characters, no cues, or only tags', () => {
    expect(detectLanguage(cues('Hi', 'yes'))).toBe('zh-CN')
    expect(detectLanguage([])).toBe('zh-CN')
    expect(detectLanguage(cues('<i></i>{\\an8}<b>  </b>'))).toBe('zh-CN')
  })

  it('falls back by script when franc cannot answer', () => {
    // Digits and punctuation only: no script at all, so English.
    expect(detectLanguage(cues('12345 67890 !!! ???'))).toBe('en')
  })

  it('samples large files (100,000 cues)', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ text: `Ceci est la ligne numéro ${i}, nous sommes ensemble.` }))
    expect(detectLanguage(many)).toBe('fr')
  })
})

describe('detectTextLanguage', () => {
  it('detects plain text with the same rules', () => {
    expect(detectTextLanguage('これは日本語の文章です。よろしくお願いします。')).toBe('ja')
    expect(detectTextLanguage('short')).toBe('zh-CN')
  })
})
