// A subtitle track's language tag. Containers want ISO 639-2 three-letter codes, not the product's
// BCP 47 codes (zh-CN, en, ja): MP4 stores the terminology form (zho, fra, deu), Matroska the
// bibliographic one (chi, fre, ger), as mkvmerge writes and players expect.

const TERMINOLOGY: Record<string, string> = {
  zh: 'zho', en: 'eng', ja: 'jpn', ko: 'kor', fr: 'fra', de: 'deu', es: 'spa', it: 'ita', pt: 'por',
  ru: 'rus', ar: 'ara', hi: 'hin', th: 'tha', vi: 'vie', id: 'ind', ms: 'msa', tl: 'tgl', nl: 'nld',
  sv: 'swe', no: 'nor', nb: 'nob', da: 'dan', fi: 'fin', pl: 'pol', tr: 'tur', he: 'heb', uk: 'ukr', cs: 'ces',
}

/** Where the bibliographic code differs from the terminology one (ISO 639-2/B vs /T). */
const BIBLIOGRAPHIC: Record<string, string> = { zho: 'chi', fra: 'fre', deu: 'ger', nld: 'dut', msa: 'may', ces: 'cze' }

/** `zh-CN` -> `zho` (mp4) or `chi` (mkv); an unknown language is `und` (undetermined). */
export function trackLanguageCode(language: string, container: 'mkv' | 'mp4'): string {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0]
  const terminology = TERMINOLOGY[primary] ?? (/^[a-z]{3}$/.test(primary) ? primary : 'und')
  return container === 'mkv' ? (BIBLIOGRAPHIC[terminology] ?? terminology) : terminology
}
