// The letters each language writes beyond ASCII, for judging which code page decodes a file into
// plausible text. A letter a language does not use is evidence against a decoding.

export type LanguageLetters = {
  /** Lower-case letters the language uses beyond ASCII. Upper-case forms are derived. */
  letters: string
  /** The frequent ones among them (weight 1; the others weigh half). All of them when absent. */
  frequent?: string
  /** Letters no word of the language starts with (Icelandic ð, Turkish ğ, Greek ς). */
  neverInitial?: string
  /** Below 1 for languages few of our users write, so a tie goes to the commoner one. */
  prior?: number
  /**
   * Its commonest short words, space-separated: they tell the language from the letters every
   * decoding shares, so a file's few telling letters are judged against the right language.
   */
  words?: string
}

function range(from: number, to: number): string {
  let letters = ''
  for (let c = from; c <= to; c++) letters += String.fromCharCode(c)
  return letters
}

/**
 * One entry per language (or group of languages that share an alphabet) our users' single-byte
 * files are written in. Windows-1250 and ISO-8859-2: Serbian, Croatian and Bosnian Latin, Slovenian,
 * Czech, Slovak, Polish, Hungarian, Romanian. Windows-1252: the Western European languages.
 * Windows-1251: the Cyrillic ones. Windows-1253: Greek. Windows-1254: Turkish. Windows-1257: Baltic.
 */
export const LANGUAGE_LETTERS: Record<string, LanguageLetters> = {
  serboCroatian: { letters: 'čćđšž', words: 'je i u da se na ne to ti mi sam su li ga od za sa što šta će ću kako ovo ali nije bio sve samo još' },
  czech: { letters: 'áčďéěíňóřšťúůýž', frequent: 'áčéěířšýůž', words: 'a je se to na že v s z do jsem jsi ale co jak tak by ty mi mě už není jen' },
  slovak: { letters: 'áäčďéíĺľňóôŕšťúýž', frequent: 'áčéíľšťúýžô', words: 'a je sa to na že v s z do som si ale čo ako tak by ty mi ma už nie len' },
  polish: { letters: 'ąćęłńóśźż', neverInitial: 'ąęń', words: 'i w nie to się na że z do jest co jak ale tak mi mnie ty już być jestem czy' },
  hungarian: { letters: 'áéíóöőúüű', words: 'a az és hogy nem is egy ez van meg de már csak mit mi te én volt kell' },
  romanian: { letters: 'ăâîşţșț', words: 'și şi de la în nu ce să a un o cu pe mi te este sunt am ai eu tu dar' },
  german: { letters: 'äöüß', neverInitial: 'ß', words: 'der die das und ist nicht ich du es ein eine zu mit sie wir was auf den' },
  french: { letters: 'àâæçéèêëîïôœùûüÿ', frequent: 'àçéèêô', words: 'le la les de et est je tu il un une pas que qui en ne ce vous nous à' },
  spanish: { letters: 'áéíñóúü', frequent: 'áéíñóú', words: 'el la los de y que es no en un una por con se lo me te qué está' },
  portuguese: { letters: 'áàâãçéêíóôõú', frequent: 'ãáçéêíóõ', words: 'o a os de e que não um uma em do da para com se é eu você' },
  italian: { letters: 'àèéìíîòóù', frequent: 'àèéìòù', words: 'il la di e che non un una è per mi ti sono ho lo gli con' },
  catalan: { letters: 'àçéèíïòóú', frequent: 'àçéèíòó', words: 'el la els de i que no un una és per amb em et' },
  dutch: { letters: 'éèëïóöü', frequent: 'éë', words: 'de het een en is niet ik je dat van wat op te zijn' },
  nordic: { letters: 'åäöæøé', frequent: 'åäöæø', words: 'och att det är jag du inte en som på er og at ikke jeg' },
  icelandic: { letters: 'áæðéíóöþúý', frequent: 'áðéíóúæþö', neverInitial: 'ð', prior: 0.6, words: 'og að ég er það ekki þú við hann' },
  albanian: { letters: 'çë', words: 'dhe të një në është për që nuk' },
  turkish: { letters: 'çğıöşüâîû', frequent: 'çğıöşü', neverInitial: 'ğ', words: 'bir ve bu ne de da ben sen o mi için ama çok var bana sana beni seni' },
  lithuanian: { letters: 'ąčęėįšųūž', words: 'ir kad tai aš tu yra ne kas su į man' },
  latvian: { letters: 'āčēģīķļņšūž', frequent: 'āčēīļņšūž', words: 'un ir ka kā es tu tev ne kas ar uz man vai bet to' },
  estonian: { letters: 'äõöüšž', frequent: 'äõöü', words: 'ja on ei see ma sa et mis ka kas oli' },
  vietnamese: { letters: 'àáâãèéêìíòóôõùúýăđĩũơư', prior: 0.6 },
  russian: { letters: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя', frequent: 'оеаинтсрвлкмдпуя', neverInitial: 'ъыь' },
  ukrainian: { letters: 'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя', frequent: 'оанівиртеслкдмуп', neverInitial: 'ь' },
  belarusian: { letters: 'абвгдеёжзійклмнопрстуўфхцчшыьэюя', frequent: 'аоеінрсвлтыкдмпу', neverInitial: 'ыь' },
  bulgarian: { letters: 'абвгдежзийклмнопрстуфхцчшщъьюя', frequent: 'оаеинтрсвлкдпмъз', neverInitial: 'ь' },
  serbianCyrillic: { letters: 'абвгдђежзијклљмнњопрстћуфхцчџш', frequent: 'аиоенсртјвдклупм' },
  macedonian: { letters: 'абвгдѓежзѕијклљмнњопрстќуфхцчџш', frequent: 'аеионтрсвдклпујм' },
  greek: { letters: 'αάβγδεέζηήθιίϊΐκλμνξοόπρσςτυύϋΰφχψωώ', frequent: 'αάοόιίεέτσςνηήυύρπκμλ', neverInitial: 'ς' },
  hebrew: { letters: range(0x5d0, 0x5ea) },
  arabic: { letters: range(0x621, 0x64a) + 'پچژگ' },
  thai: { letters: range(0xe01, 0xe2e) },
}

export const FREQUENT_WEIGHT = 1
export const RARE_WEIGHT = 0.5
export const FOREIGN_WEIGHT = -1

export type LanguageModel = {
  /** Character code -> weight, upper-case forms included; letters absent weigh FOREIGN_WEIGHT. */
  weights: Map<number, number>
  /** Character codes, both cases, that cannot start a word. */
  neverInitial: Set<number>
  prior: number
  words: string[]
}

function withUpper(letter: string): number[] {
  const upper = letter.toUpperCase()
  const codes = [letter.charCodeAt(0)]
  if (upper.length === 1 && upper.charCodeAt(0) >= 0x80) codes.push(upper.charCodeAt(0))
  return codes
}

export function languageModel(language: LanguageLetters): LanguageModel {
  const weights = new Map<number, number>()
  for (const letter of language.letters) {
    const weight = !language.frequent || language.frequent.includes(letter) ? FREQUENT_WEIGHT : RARE_WEIGHT
    for (const code of withUpper(letter)) weights.set(code, weight)
  }
  // Turkish writes the capital of i as İ, which is outside ASCII.
  if (language.letters.includes('ı')) weights.set(0x130, FREQUENT_WEIGHT)
  const neverInitial = new Set([...(language.neverInitial ?? '')].flatMap(withUpper))
  return { weights, neverInitial, prior: language.prior ?? 1, words: language.words?.split(' ') ?? [] }
}
