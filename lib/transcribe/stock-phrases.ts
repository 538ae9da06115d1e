// Text Whisper-family models write where nobody speaks (docs/architecture.md, Speech to subtitles): the closing lines of
// the videos they learnt from. Such a line is kept only where the sound holds speech.

const PHRASES = [
  // English
  'thank you for watching', 'thanks for watching', 'thank you so much for watching', 'subtitles by the amara.org community',
  'please subscribe to my channel', 'please like and subscribe', 'see you in the next video', 'transcription by castingwords',
  // Chinese
  '请不吝点赞订阅转发打赏支持明镜与点点栏目', '字幕由amara.org社区提供', '谢谢观看', '感谢观看', '谢谢大家观看', '请订阅我的频道', '中文字幕志愿者',
  // Japanese
  'ご視聴ありがとうございました', 'チャンネル登録よろしくお願いします', 'ご覧いただきありがとうございます', 'おやすみなさい',
  // Korean, French, German, Spanish
  '시청해주셔서 감사합니다', '구독과 좋아요 부탁드립니다', 'sous-titres réalisés par la communauté d\'amara.org', 'merci d\'avoir regardé',
  'untertitel der amara.org-community', 'untertitelung des zdf', 'subtítulos realizados por la comunidad de amara.org', 'gracias por ver el video',
]

/** Lower case, without spaces and punctuation, width folded. */
const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '')
const KNOWN = PHRASES.map(folded)

/** True when a line is one of the stock phrases, give or take a few characters around it. */
export function isStockPhrase(text: string): boolean {
  const line = folded(text)
  if (line === '') return false
  return KNOWN.some((phrase) => line.includes(phrase) && line.length <= phrase.length * 1.3 + 2)
}
