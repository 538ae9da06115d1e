import 'server-only'
import { appendFile, mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'

export type DevMail = { at: string; to: string; subject: string; text: string }

// The mailbox is a file chosen at run time, not part of the build: the turbopackIgnore comments
// keep the bundler from tracing (and shipping) the whole project because of these calls.

/** Where development mail is kept: one JSON object a line, under `.data/`. */
export function devMailboxFile(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DEV_MAILBOX_FILE || '.data/dev-mailbox.jsonl')
}

/** Appends a message to the development mailbox. */
export async function appendDevMail(mail: DevMail): Promise<void> {
  const file = devMailboxFile()
  await mkdir(/*turbopackIgnore: true*/ path.dirname(file), { recursive: true })
  await appendFile(/*turbopackIgnore: true*/ file, `${JSON.stringify(mail)}\n`, 'utf8')
}

/** The newest messages of the development mailbox first (at most `limit`). */
export async function readDevMailbox({ limit = 50 }: { limit?: number } = {}): Promise<DevMail[]> {
  let text: string
  try {
    text = await readFile(/*turbopackIgnore: true*/ devMailboxFile(), 'utf8')
  } catch {
    return []
  }
  const mails: DevMail[] = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    try {
      mails.push(JSON.parse(line) as DevMail)
    } catch {
      // A line cut by a crash is skipped, not fatal.
    }
  }
  return mails.reverse().slice(0, limit)
}
