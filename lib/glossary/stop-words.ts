// Capitalised words that are never worth a glossary entry, per source language: interjections,
// greetings, titles, forms of address, days and months. Most common words are already ruled out by
// the file itself (they occur in lower case, or only start sentences, lib/glossary/suggest.ts);
// these lists catch the ones a film may only ever write with a capital.

const list = (words: string) => words.trim().split(/\s+/)

// Said in subtitles whatever the language, and the abbreviated titles.
const EVERYWHERE = list(`
  OK Okay Ok Hey Hi Oh Ah Aah Uh Um Hmm Mm Huh Wow Yeah Yep Nope Ha Haha Bye Ciao Hello Hallo Ahem Ooh Whoa Shh
  Mr Mrs Ms Mx Dr Prof Jr Sr St Capt Sgt Lt Col Gen
`)

const BY_LANGUAGE: Record<string, string[]> = {
  en: list(`
    I It It's The A An And But Or So Then What Why How Who Where When Which We You He She They Me Us Him Her Them
    My Your His Our Their This That These Those There Here Yes No Not Please Thanks Thank Sorry Excuse Well Now
    Just Cause Because Look Listen Come Go Let Wait Stop Can Could Would Should Will Shall May Might Must Do Does Did
    Is Are Was Were Be Been Have Has Had Get Got Okay Alright Right Sure Maybe Good Great Nice Fine Hello Goodbye
    Mr Mrs Ms Miss Mister Dr Sir Madam Ma'am Lord God Jesus Christ Mom Mum Dad Mommy Daddy Mama Papa Grandma Grandpa
    Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April June July August
    September October November December Christmas
  `),
  fr: list(`
    Je Tu Il Elle On Nous Vous Ils Elles Le La Les Un Une Des Et Mais Ou Donc Alors Quoi Pourquoi Comment Qui Où
    Quand Oui Non Merci Pardon Bon Bien Voilà Allez Attends Écoute Regarde Salut Bonjour Bonsoir Monsieur Madame
    Mademoiselle Dieu Maman Papa Lundi Mardi Mercredi Jeudi Vendredi Samedi Dimanche Janvier Février Mars Avril
    Mai Juin Juillet Août Septembre Octobre Novembre Décembre Noël
  `),
  de: list(`
    Ich Du Er Sie Es Wir Ihr Der Die Das Ein Eine Und Aber Oder Also Was Warum Wie Wer Wo Wann Ja Nein Danke Bitte
    Entschuldigung Gut Na Los Komm Warte Hör Schau Hallo Tschüss Herr Frau Fräulein Gott Mama Papa Mutter Vater
    Leute Mann Kind Zeit Jahr Tag Nacht Haus Geld Weg Welt Leben Hand Augen Arbeit Frage Sache Ende Moment Problem
    Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag Januar Februar März April Mai Juni Juli August
    September Oktober November Dezember Weihnachten
  `),
  es: list(`
    Yo Tú Él Ella Nosotros Vosotros Ellos Ellas Usted Ustedes El La Los Las Un Una Y Pero O Qué Por Cómo Quién
    Dónde Cuándo Sí No Gracias Perdón Bueno Bien Vamos Mira Oye Espera Hola Adiós Señor Señora Señorita Dios Mamá
    Papá Lunes Martes Miércoles Jueves Viernes Sábado Domingo Enero Febrero Marzo Abril Mayo Junio Julio Agosto
    Septiembre Octubre Noviembre Diciembre Navidad
  `),
  it: list(`
    Io Tu Lui Lei Noi Voi Loro Il Lo La Gli Le Un Una E Ma O Cosa Perché Come Chi Dove Quando Sì No Grazie Scusa
    Bene Dai Andiamo Guarda Senti Aspetta Ciao Buongiorno Signore Signora Signorina Dio Mamma Papà Lunedì
    Martedì Mercoledì Giovedì Venerdì Sabato Domenica Gennaio Febbraio Marzo Aprile Maggio Giugno Luglio Agosto
    Settembre Ottobre Novembre Dicembre Natale
  `),
  pt: list(`
    Eu Tu Ele Ela Nós Vós Eles Elas Você Vocês O A Os As Um Uma E Mas Ou Que Por Como Quem Onde Quando Sim Não
    Obrigado Obrigada Desculpa Bem Vamos Olha Espera Olá Tchau Senhor Senhora Deus Mãe Pai Segunda Terça Quarta
    Quinta Sexta Sábado Domingo Janeiro Fevereiro Março Abril Maio Junho Julho Agosto Setembro Outubro Novembro
    Dezembro Natal
  `),
  nl: list(`
    Ik Jij Je Hij Zij Ze Wij We Jullie De Het Een En Maar Of Wat Waarom Hoe Wie Waar Wanneer Ja Nee Dank Bedankt
    Sorry Goed Kom Wacht Kijk Luister Hallo Dag Meneer Mevrouw God Mama Papa Maandag Dinsdag Woensdag Donderdag
    Vrijdag Zaterdag Zondag Januari Februari Maart April Mei Juni Juli Augustus September Oktober November December
  `),
  ru: list(`
    Я Ты Он Она Оно Мы Вы Они И Но Или Что Почему Как Кто Где Когда Да Нет Спасибо Извини Простите Хорошо Ладно
    Давай Смотри Слушай Подожди Привет Пока Господин Госпожа Бог Боже Мама Папа Понедельник Вторник Среда Четверг
    Пятница Суббота Воскресенье
  `),
}

const everywhere = new Set(EVERYWHERE.map((w) => w.toLowerCase()))
const byLanguage = new Map(Object.entries(BY_LANGUAGE).map(([code, words]) => [code, new Set(words.map((w) => w.toLowerCase()))]))

/** True when a capitalised word is on the stop list of the file's language, or said everywhere. */
export function isStopWord(word: string, language?: string): boolean {
  const lower = word.toLowerCase()
  return everywhere.has(lower) || (language !== undefined && (byLanguage.get(language)?.has(lower) ?? false))
}
