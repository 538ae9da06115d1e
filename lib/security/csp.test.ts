import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ASS_WORKER_POLICY, baseSecurityHeaders, inlineScriptHashes, originOf, pagePolicy } from './csp'

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))

describe('pagePolicy', () => {
  it('allows a prerendered page its inline scripts by hash, never unsafe-inline or eval', () => {
    const policy = pagePolicy({ scripts: { hashes: ['sha256-abc=', 'sha256-def='] } })
    expect(directive(policy, 'script-src')).toContain("'self' 'sha256-abc=' 'sha256-def='")
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe-(inline|eval)/)
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(policy, 'object-src')).toBe("object-src 'none'")
  })
  it('gives pages rendered per request their nonce, and development eval and sockets', () => {
    const policy = pagePolicy({ scripts: { nonce: 'n0nce' }, dev: true })
    expect(directive(policy, 'script-src')).toContain("'nonce-n0nce'")
    expect(directive(policy, 'script-src')).toContain("'unsafe-eval'")
    expect(directive(policy, 'connect-src')).toContain('ws:')
  })
  it('frames the configured WeChat origin', () => {
    const policy = pagePolicy({ scripts: { nonce: 'x' }, frameOrigins: originOf('http://127.0.0.1:48108/connect/qrconnect') })
    expect(directive(policy, 'frame-src')).toContain('http://127.0.0.1:48108')
    expect(originOf('not a url')).toEqual([])
    expect(originOf(undefined)).toEqual([])
  })
})

describe('WebAssembly', () => {
  it('compiles only in the ASS renderer\'s worker (its own answer\'s policy), never under a page policy', () => {
    expect(directive(ASS_WORKER_POLICY, 'script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'")
    for (const scripts of [{ nonce: 'n' }, { hashes: ['sha256-a='] }]) expect(pagePolicy({ scripts, dev: true })).not.toContain('wasm')
  })
})

describe('inlineScriptHashes', () => {
  it('hashes executable inline scripts only, once each', async () => {
    const a = '(self.__next_f=self.__next_f||[]).push([0])'
    const b = 'self.__next_f.push([1,"x"])'
    const html = `<script src="/a.js" async=""></script><script>${a}</script><script id="_R_">${b}</script><script>${a}</script><script type="application/ld+json">{"@type":"FAQPage"}</script>`
    const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`
    expect(await inlineScriptHashes(html)).toEqual([sha(a), sha(b)])
  })
})

describe('baseSecurityHeaders', () => {
  it('adds HSTS in production only', () => {
    const names = (production: boolean) => baseSecurityHeaders(production).map((h) => h.key)
    expect(names(true)).toContain('Strict-Transport-Security')
    expect(names(false)).not.toContain('Strict-Transport-Security')
    expect(names(false)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy']))
  })
})
