import { describe, expect, it } from 'vitest'
import { toSrt, toVtt } from './serialize'
import { assName, namePrefixed, voiceTagged } from './speakers'
import { writeSubtitle } from './write'

const one = { id: 1, startTime: '00:00:01,000', endTime: '00:00:03,000', originalText: 'Hello there.\nHow are you?', translatedText: 'Bonjour.\nÇa va ?', speakers: ['Ada'] }
const dialogue = { id: 2, startTime: '00:00:04,000', endTime: '00:00:06,000', originalText: '- Ready?\n- Yes.', translatedText: '- Prêt ?\n- Oui.', speakers: ['Ada', 'Bo'] }

describe('speakers in exports', () => {
  it('WebVTT: a voice span per speaker, one per turn of a dialogue cue, in each language of a bilingual cue', () => {
    expect(voiceTagged('Hello.', ['Ada'])).toBe('<v Ada>Hello.')
    expect(voiceTagged('- Ready?\n- Yes.', ['Ada', 'Bo'])).toBe('<v Ada>- Ready?</v>\n<v Bo>- Yes.</v>')
    expect(voiceTagged('Hi', ['A<b>&c'])).toBe('<v A b c>Hi')
    const vtt = toVtt([one, dialogue], { content: 'bilingual' })
    expect(vtt).toContain('<v Ada>Hello there.\nHow are you?\n<v Ada>Bonjour.\nÇa va ?')
    expect(vtt).toContain('<v Ada>- Ready?</v>\n<v Bo>- Yes.</v>\n<v Ada>- Prêt ?</v>\n<v Bo>- Oui.</v>')
  })

  it('SRT: "Name: " only when asked, after the dash of a dialogue line', () => {
    expect(namePrefixed('- Ready?\n- Yes.', ['Ada', 'Bo'])).toBe('- Ada: Ready?\n- Bo: Yes.')
    expect(toSrt([one], { content: 'translated' })).not.toContain('Ada')
    expect(toSrt([one, dialogue], { content: 'translated', speakerPrefix: true })).toBe(
      '1\n00:00:01,000 --> 00:00:03,000\nAda: Bonjour.\nÇa va ?\n\n2\n00:00:04,000 --> 00:00:06,000\n- Ada: Prêt ?\n- Bo: Oui.\n',
    )
  })

  it('ASS: the Name field, speakers joined, no comma', () => {
    expect(assName(['Ada, the host', 'Bo'])).toBe('Ada  the host & Bo')
    const ass = writeSubtitle({ sourceFormat: 'srt', source: null, segments: [one], format: 'ass', content: 'original' })
    expect(ass).toContain('Dialogue: 0,0:00:01.00,0:00:03.00,Default,Ada,0,0,0,,Hello there.\\NHow are you?')
  })
})
