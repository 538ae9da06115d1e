import { describe, expect, it } from 'vitest'
import { expectedScript, scriptCheckFor } from '@/lib/subtitles/chinese-script'

describe('the Chinese script of a translation', () => {
  it('is Traditional for zh-HK and Simplified for zh-CN; other languages are not checked', () => {
    expect(expectedScript('zh-HK')).toBe('traditional')
    expect(expectedScript('zh-CN')).toBe('simplified')
    expect(scriptCheckFor('ja')).toBeNull()
  })

  it('flags Simplified text in a zh-HK task and converts it to Hong Kong Traditional', () => {
    const hk = scriptCheckFor('zh-HK')!
    expect(hk.isWrong('我们明天一起去公园散步，好不好？')).toBe(true)
    expect(hk.convert('我们明天一起去公园散步，好不好？')).toBe('我們明天一起去公園散步，好不好？')
    expect(hk.convert('<i>头发</i>乱了')).toBe('<i>頭髮</i>亂了')
    for (const traditional of ['我們明天一起去公園散步，好不好？', '頭髮', '乾淨', '他在裏面等着你', 'OK，你好。', '', '123']) expect(hk.isWrong(traditional)).toBe(false)
  })

  it('flags Traditional text in a zh-CN task and converts it to Simplified, Taiwan phrases too', () => {
    const cn = scriptCheckFor('zh-CN')!
    expect(cn.isWrong('這個軟件的網絡連接')).toBe(true)
    expect(cn.convert('他在裡面等著你')).toBe('他在里面等着你')
    expect(cn.convert('後來，頭髮乾淨了')).toBe('后来，头发干净了')
    for (const simplified of ['我们明天一起去公园散步，好不好？', '头发', '干净', '皇后', '着急', 'iPhone 15']) expect(cn.isWrong(simplified)).toBe(false)
  })
})
