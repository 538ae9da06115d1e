import { describe, expect, it } from 'vitest'
import zh from './zh-CN.json'
import en from './en-US.json'
import ja from './ja-JP.json'

type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of leaves(value, path)) out.set(k, v)
  }
  return out
}

// An argument is `{name}` or `{name, plural, …}`; plural branches such as `{No issues}` are text.
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort()

describe('messages', () => {
  const reference = leaves(en as Tree)
  for (const [name, messages] of Object.entries({ 'zh-CN': zh, 'ja-JP': ja })) {
    it(`${name} has exactly the keys of en-US`, () => {
      const own = leaves(messages as Tree)
      expect([...own.keys()].filter((k) => !reference.has(k))).toEqual([])
      expect([...reference.keys()].filter((k) => !own.has(k))).toEqual([])
    })
    it(`${name} uses the same placeholders and no empty text`, () => {
      for (const [key, text] of leaves(messages as Tree)) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''))
      }
    })
  }
})
