// The translation memory's limits, through its routes against real Postgres: over-long imported
// lines are left out and counted, a creator's memory has a cap on import and on remember, a file
// that is not XML answers 40000, imports are rate-limited, and the export is streamed.
import { describe, expect, it } from 'vitest'
import { NextRequest } from 'next/server'
import { db } from '@/lib/db'
import { IMPORTS_PER_WINDOW, MAX_MEMORY_ENTRIES, MAX_UNIT_VARIANTS, rememberTranslations } from '@/lib/memory'
import { memoryKey } from '@/lib/memory/keys'
import { GET as exportRoute } from '@/app/api/memory/export.tmx/route'
import { POST as importRoute } from '@/app/api/memory/import/route'
import { BASE, ctx, makeUser, multipart, readAnswer } from '@/test/route-harness'

const HEAD = '<?xml version="1.0"?><tmx version="1.4"><header srclang="en" datatype="plaintext"/><body>'
const tuv = (lang: string, text: string) => `<tuv xml:lang="${lang}"><seg>${text}</seg></tuv>`
const tmx = (units: string[]) => HEAD + units.map((u) => `<tu>${u}</tu>`).join('') + '</body></tmx>'
const importTmx = async (auth: Record<string, string>, body: string) => readAnswer(await importRoute(multipart('/api/memory/import', auth, { name: 'memory.tmx', body, type: 'application/x-tmx+xml' }), ctx()))
const NOT_TMX = 'This file is not a TMX translation memory. Export one as TMX (.tmx) from your translation tool and try again.'

describe('translation memory limits', () => {
  it('leaves out imported lines longer than a cue may be, and says how many', async () => {
    const { user, auth } = await makeUser()
    // Three over-long lines, as in the audit (5,000,000 characters there; 100 times the limit here).
    const huge = 'x'.repeat(200_000)
    const answer = await importTmx(auth, tmx([tuv('en', 'one') + tuv('fr', huge), tuv('en', 'two') + tuv('fr', huge), tuv('en', huge) + tuv('fr', 'trois'), tuv('en', 'four') + tuv('fr', 'quatre')]))
    expect(answer.data).toEqual({ imported: 1, skipped: 0, tooLong: 3, maxChars: 2000 })
    const entries = await db.memoryEntry.findMany({ where: { userId: user.id }, select: { sourceText: true, targetText: true } })
    expect(entries).toEqual([{ sourceText: 'four', targetText: 'quatre' }])
  }, 180_000)

  it('answers 40000 "not a TMX file" to a raw NUL and to XML nested past the parser\'s depth, never 500', async () => {
    const { user, auth } = await makeUser()
    const nul = tmx([tuv('en', 'a\u0000b') + tuv('fr', 'b')])
    const deep = tmx([tuv('en', `${'<b>'.repeat(5000)}x${'</b>'.repeat(5000)}`) + tuv('fr', 'b')])
    for (const body of [nul, deep]) expect(await importTmx(auth, body)).toMatchObject({ status: 400, code: 40000, msg: NOT_TMX })
    expect(await db.memoryEntry.count({ where: { userId: user.id } })).toBe(0)
  })

  it('refuses a unit of more variants than languages before parsing it', async () => {
    const { auth } = await makeUser()
    const wide = tmx([tuv('en', 'Hello') + Array.from({ length: 20_000 }, (_, i) => tuv('fr', `salut ${i}`)).join('')])
    expect(await importTmx(auth, wide)).toMatchObject({ status: 400, code: 40000, msg: `a unit of this file holds more than ${MAX_UNIT_VARIANTS} language variants; a TMX unit has one per language` })
  })

  it('caps a creator\'s memory: an import past the cap imports nothing, a task\'s lines only change what is held', async () => {
    const { user, auth } = await makeUser()
    // The memory one line short of its cap.
    await db.$executeRaw`
      INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "updatedAt")
      SELECT gen_random_uuid()::text, ${user.id}, 'en', 'de', md5(i::text), 'line ' || i, 'Zeile ' || i, 'machine', now() FROM generate_series(1, ${MAX_MEMORY_ENTRIES - 1}) AS i`
    await rememberTranslations({ userId: user.id, sourceLanguage: 'en', targetLanguage: 'fr', items: [{ sourceText: 'Held line', targetText: 'Ligne gardée', origin: 'machine' }] })
    expect(await db.memoryEntry.count({ where: { userId: user.id } })).toBe(MAX_MEMORY_ENTRIES)

    const full = await importTmx(auth, tmx([tuv('en', 'New one') + tuv('fr', 'Nouvelle'), tuv('en', 'Held line') + tuv('fr', 'Ligne corrigée')]))
    expect(full).toMatchObject({ status: 400, code: 40000, msg: `your translation memory is full (${MAX_MEMORY_ENTRIES.toLocaleString('en-US')} lines): this file would add 1 new line to ${MAX_MEMORY_ENTRIES.toLocaleString('en-US')}; forget some lines or import a smaller file` })
    expect(await db.memoryEntry.findFirst({ where: { userId: user.id, targetLanguage: 'fr' }, select: { targetText: true } })).toEqual({ targetText: 'Ligne gardée' })

    // Replacing what is held fits: no line is added.
    expect((await importTmx(auth, tmx([tuv('en', 'Held line') + tuv('fr', 'Ligne corrigée')]))).data).toMatchObject({ imported: 1 })
    // A finished task's lines: the held one changes, the new one is left out, the task is not failed.
    const kept = await rememberTranslations({
      userId: user.id,
      sourceLanguage: 'en',
      targetLanguage: 'fr',
      items: [{ sourceText: 'Held line', targetText: 'Ligne éditée', origin: 'edited' }, { sourceText: 'Another new line', targetText: 'Encore', origin: 'machine' }],
    })
    expect(kept).toBe(1)
    expect(await db.memoryEntry.count({ where: { userId: user.id } })).toBe(MAX_MEMORY_ENTRIES)
    expect(await db.memoryEntry.findFirst({ where: { userId: user.id, sourceHash: memoryKey('Another new line') } })).toBeNull()
    await db.memoryEntry.deleteMany({ where: { userId: user.id } })
  }, 120_000)

  it('limits imports per user before reading the file (42900)', async () => {
    const { auth } = await makeUser()
    const small = tmx([tuv('en', 'a') + tuv('fr', 'b')])
    for (let i = 0; i < IMPORTS_PER_WINDOW; i++) expect((await importTmx(auth, small)).status).toBe(200)
    expect(await importTmx(auth, small)).toMatchObject({ status: 429, code: 42900 })
    // Another user is not held back.
    expect((await importTmx((await makeUser()).auth, small)).status).toBe(200)
  }, 180_000)

  it('streams the export a page of entries at a time, every entry in it', async () => {
    const { user, auth } = await makeUser()
    await db.$executeRaw`
      INSERT INTO "MemoryEntry" ("id", "userId", "sourceLanguage", "targetLanguage", "sourceHash", "sourceText", "targetText", "origin", "createdAt", "updatedAt")
      SELECT gen_random_uuid()::text, ${user.id}, 'en', 'ja', md5(i::text), 'line ' || i, '行 ' || i, 'edited', now() + make_interval(secs => i), now() FROM generate_series(1, 2500) AS i`
    const res = await exportRoute(new NextRequest(`${BASE}/api/memory/export.tmx?sourceLanguage=en&targetLanguage=ja`, { headers: auth }), ctx())
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const chunks: Uint8Array[] = []
    for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value)
    // The head, a chunk per page of 1,000 entries, the tail: never the whole file as one string.
    expect(chunks.length).toBeGreaterThanOrEqual(4)
    expect(Math.max(...chunks.map((c) => c.byteLength))).toBeLessThan(Buffer.concat(chunks).byteLength / 2)
    const text = Buffer.concat(chunks).toString('utf8')
    expect(text.match(/<tu /g)).toHaveLength(2500)
    expect(text.indexOf('<seg>line 1</seg>')).toBeLessThan(text.indexOf('<seg>line 2500</seg>'))
    const other = await makeUser()
    expect((await importTmx(other.auth, text)).data).toMatchObject({ imported: 2500, tooLong: 0 })
  }, 180_000)
})
