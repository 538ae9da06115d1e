import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import pg from 'pg'
import { E2E } from './env'
import { editorReady, madeRecording, newCreator, signIn, transcribedByApi } from './helpers'

// Issue 30, speakers in the editor: each row shows who speaks it, the creator names each speaker
// once for the whole task, the names survive a reload and the exports carry them, in zh-CN, en-US
// and ja-JP.
//
// How the speakers get there: only a diarizing speech-to-text model labels speakers, and the shared
// browser-test server runs without one (STT_DIARIZE off: other specs rely on its plain answers).
// (An uploaded WebVTT/ASS file's own voices and Name fields are task speakers too, named:
// file-speakers.spec.ts.) So the task is a real transcription of a recording through the STT fake,
// and its cues then get the labels a diarizing run stores (lib/tasks/pipeline/store-cues.ts;
// speakers.db.test.ts proves that side), written into the e2e database directly: S1 and S2 on one
// cue each, and a dialogue cue of both, laid out as lib/captions/dialogue.ts lays out two quick
// turns (one dash line per speaker). Everything after that goes through the browser.

const SENTENCES = [
  { text: 'Good morning, everyone.', atMs: 1000 },
  { text: 'I am glad to be here today.', atMs: 5000 },
  { text: 'Shall we begin with the first question?', atMs: 9000 },
]
const TOTAL_MS = 14_000
/** The second turn of the dialogue cue made of the third (the fake answers its own words, not these sentences). */
const ANSWER = 'Yes.'

let dir: string
let file: string

test.beforeAll(() => {
  ;({ dir, file } = madeRecording('panel', { sentences: SENTENCES, totalMs: TOTAL_MS }))
})

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/**
 * Labels the task's three cues as a diarizing run would: S1, S2, then a dialogue cue of both (see
 * the top), the fake's words kept with a short answer as the second turn. Answers the cues' texts.
 */
async function labelSpeakers(taskId: string): Promise<string[]> {
  const env = JSON.parse(await readFile(path.resolve('.data/e2e-env.json'), 'utf8')) as { DATABASE_URL: string }
  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  try {
    const { rows } = await db.query<{ index: number; originalText: string }>('SELECT "index", "originalText" FROM "Segment" WHERE "taskId" = $1 ORDER BY "index"', [taskId])
    expect(rows).toHaveLength(SENTENCES.length)
    const texts = [rows[0].originalText, rows[1].originalText, `- ${rows[2].originalText}\n- ${ANSWER}`]
    const speakers = [['S1'], ['S2'], ['S1', 'S2']]
    for (const [i, r] of rows.entries()) {
      // A transcript's translation column holds the same words (translatedBy "speech"): kept in step.
      await db.query('UPDATE "Segment" SET "speakers" = $3, "originalText" = $4, "translatedText" = CASE WHEN "translatedBy" = \'speech\' THEN $4 ELSE "translatedText" END WHERE "taskId" = $1 AND "index" = $2', [taskId, r.index, speakers[i], texts[i]])
    }
    return texts
  } finally {
    await db.end()
  }
}

const row = (page: Page, n: number) => page.getByTestId('segment-row').nth(n - 1)
const chips = (page: Page, n: number) => row(page, n).getByTestId('segment-speaker').locator('[data-speaker]')

/** A file downloaded through the editor's export menu, with "Speaker names in SRT" set as asked first (the menu stays open when it is ticked). */
async function exported(page: Page, item: string, { speakerPrefix }: { speakerPrefix?: boolean } = {}) {
  await page.getByTestId('export-menu').click()
  if (speakerPrefix !== undefined) {
    const box = page.getByTestId('export-speaker-prefix')
    if ((await box.getAttribute('aria-checked')) !== String(speakerPrefix)) await box.click()
    await expect(box).toHaveAttribute('aria-checked', String(speakerPrefix))
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()])
  return (await readFile(await download.path())).toString('utf8')
}

/** Saves a screenshot in the test's output folder, to be looked at by eye. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) })
}

/** Each locale's words for the chips and the dialog (messages/<locale>.json, editor.speakers and editor.toolbar). */
const LOCALES = [
  {
    locale: 'zh-CN',
    url: (id: string) => `${E2E.cnUrl}/edit/${id}`,
    button: '说话人',
    speaker: (n: number) => `说话人 ${n}`,
    spokenBy: (names: string) => `说话人：${names}`,
    title: '说话人',
    description: '每位说话人只需命名一次，他们的所有字幕、导出的文件和之后的翻译都会用上这个名字。',
    cues: '2 条字幕',
    placeholder: '名字，例如：小林',
    save: '保存名字',
  },
  {
    locale: 'ja-JP',
    url: (id: string) => `${E2E.intlUrl}/ja-JP/edit/${id}`,
    button: '話者',
    speaker: (n: number) => `話者 ${n}`,
    spokenBy: (names: string) => `話者：${names}`,
    title: '話者',
    description: '話者ごとに一度だけ名前を付けてください。その話者の字幕、書き出したファイル、以後の翻訳すべてにその名前が使われます。',
    cues: '字幕 2 件',
    placeholder: '名前（例：佐藤）',
    save: '名前を保存',
  },
  {
    locale: 'en-US',
    url: (id: string) => `${E2E.intlUrl}/edit/${id}`,
    button: 'Speakers',
    speaker: (n: number) => `Speaker ${n}`,
    spokenBy: (names: string) => `Spoken by ${names}`,
    title: 'Speakers',
    description: 'Name each speaker once: every cue they speak, the exports and later translations use the name.',
    cues: '2 cues',
    placeholder: 'Name, e.g. Anna',
    save: 'Save names',
  },
] as const

test('speakers: a chip on every row, named once in the dialog, kept after a reload and in the exports, in three languages', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const creator = await newCreator(100)
  const taskId = await transcribedByApi(creator, file)
  const [one, two, dialogue] = await labelSpeakers(taskId)
  await signIn(page, { ...creator, baseUrl: E2E.cnUrl })
  await signIn(page, { ...creator, baseUrl: E2E.intlUrl })

  // Unnamed speakers in each language: "Speaker 1" on the first row, "Speaker 2" on the second,
  // both on the dialogue cue; the dialog lists each with its number of cues.
  for (const l of LOCALES) {
    await test.step(l.locale, async () => {
      await page.goto(l.url(taskId))
      await editorReady(page)
      await expect(page.getByTestId('segment-row')).toHaveCount(3)
      await expect(chips(page, 1)).toHaveText([l.speaker(1)])
      await expect(chips(page, 2)).toHaveText([l.speaker(2)])
      await expect(chips(page, 3)).toHaveText([l.speaker(1), l.speaker(2)])
      await expect(row(page, 3).getByTestId('segment-speaker')).toHaveAttribute('aria-label', l.spokenBy(`${l.speaker(1)}, ${l.speaker(2)}`))
      await expect(row(page, 3).locator('textarea[data-field="originalText"]')).toHaveValue(dialogue)
      await shot(page, `speakers-editor-${l.locale}.png`)

      await expect(page.getByTestId('toolbar-speakers')).toHaveText(l.button)
      await page.getByTestId('toolbar-speakers').click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading')).toHaveText(l.title)
      await expect(dialog).toContainText(l.description)
      for (const n of [1, 2]) {
        const input = dialog.getByLabel(l.speaker(n), { exact: true })
        await expect(input).toHaveAttribute('placeholder', l.placeholder)
        await expect(input).toHaveValue('')
      }
      await expect(dialog.getByText(l.cues, { exact: true })).toHaveCount(2)
      await expect(page.getByTestId('speakers-save')).toHaveText(l.save)
      await shot(page, `speakers-dialog-${l.locale}.png`)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })
  }

  // English from here: a name is at most 40 characters, which the field enforces as one types.
  await page.getByTestId('toolbar-speakers').click()
  const first = page.getByTestId('speaker-name-S1')
  await first.pressSequentially('Augusta Ada King, Countess of Lovelace, mathematician')
  await expect(first).toHaveValue('Augusta Ada King, Countess of Lovelace, ')
  // The server holds the same limit for any other client, in the reader's language.
  const tooLong = await page.evaluate(async ({ id }) => {
    const res = await fetch(`/api/tasks/${id}/speakers`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ names: { S1: 'x'.repeat(41) } }) })
    return res.json()
  }, { id: taskId })
  expect(tooLong).toMatchObject({ code: 40000, msg: expect.stringContaining("a speaker's name can be at most 40 characters") })

  // Both named once: every row they speak follows at once.
  await first.fill('Ada Lovelace')
  await page.getByTestId('speaker-name-S2').fill('Grace Hopper')
  await page.getByTestId('speakers-save').click()
  await expect(page.getByText('Speaker names saved')).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(chips(page, 1)).toHaveText(['Ada Lovelace'])
  await expect(chips(page, 2)).toHaveText(['Grace Hopper'])
  await expect(chips(page, 3)).toHaveText(['Ada Lovelace', 'Grace Hopper'])
  await shot(page, 'speakers-named-en-US.png')

  // The names are the task's: a reload, and another language, show them.
  await page.reload()
  await editorReady(page)
  await expect(chips(page, 3)).toHaveText(['Ada Lovelace', 'Grace Hopper'])
  await page.getByTestId('toolbar-speakers').click()
  await expect(page.getByTestId('speaker-name-S1')).toHaveValue('Ada Lovelace')
  await expect(page.getByTestId('speaker-name-S2')).toHaveValue('Grace Hopper')
  await page.keyboard.press('Escape')

  // WebVTT carries them as voice spans, one per turn of the dialogue cue.
  const vtt = await exported(page, 'export-vtt-original')
  const [ask, answer] = dialogue.split('\n')
  expect(vtt).toContain(`\n<v Ada Lovelace>${one}\n`)
  expect(vtt).toContain(`\n<v Grace Hopper>${two}\n`)
  expect(vtt).toContain(`\n<v Ada Lovelace>${ask}</v>\n<v Grace Hopper>${answer}</v>\n`)
  // SRT names them only when "Speaker names in SRT" is ticked.
  const plain = await exported(page, 'export-srt-original', { speakerPrefix: false })
  expect(plain).toContain(`\n${one}\n`)
  expect(plain).toContain(`\n${dialogue}\n`)
  expect(plain).not.toMatch(/Ada Lovelace|Grace Hopper/)
  const named = await exported(page, 'export-srt-original', { speakerPrefix: true })
  expect(named).toContain(`\nAda Lovelace: ${one}\n`)
  expect(named).toContain(`\nGrace Hopper: ${two}\n`)
  expect(named).toContain(`\n- Ada Lovelace: ${ask.slice(2)}\n- Grace Hopper: ${ANSWER}\n`)

  // Chinese and Japanese rows show the names too, and say who speaks in their own words.
  for (const l of LOCALES.slice(0, 2)) {
    await page.goto(l.url(taskId))
    await editorReady(page)
    await expect(chips(page, 3)).toHaveText(['Ada Lovelace', 'Grace Hopper'])
    await expect(row(page, 3).getByTestId('segment-speaker')).toHaveAttribute('aria-label', l.spokenBy('Ada Lovelace, Grace Hopper'))
    await shot(page, `speakers-named-${l.locale}.png`)
  }
})
