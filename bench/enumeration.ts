// Can the time of an answer tell who has an account? Asks forgot_password and send_code for 20
// addresses that have an account and 20 that do not, alternately, through the real route handlers
// (real PostgreSQL, mail through the SMTP fake in a process of its own), and prints the median time
// of each kind: the first request (a code is issued, and mailed to an account), then a second one
// at once (the one-a-minute cooldown). send_code does the same work for both kinds, so its
// difference shows how noisy the machine is. Before each timed request the previous one's mail has arrived, so each
// answer is timed on a quiet process (what an answer itself reveals, not the load its mail adds
// to the next one). Target: medians of the two kinds within 20 ms of each other.
//
// Usage: npm run bench:enumeration   (DATABASE_URL: a PostgreSQL server, whose `postgres` database
// is used to create a scratch one; default: an embedded server; BENCH_CALLS: addresses of each kind, 20)
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { register } from 'node:module'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { freshDatabase, percentile, runMain, sleep } from './support/app'

// Route handlers import 'server-only', which Next resolves to an empty module; do the same here.
register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(s, c, next) { return s === 'server-only' ? { url: 'data:text/javascript,', shortCircuit: true } : next(s, c) }`),
)

const CALLS = Number(process.env.BENCH_CALLS ?? 20)
const TARGET_MS = 20
type Kind = 'known' | 'unknown'
type RouteName = 'forgot_password' | 'send_code'

/**
 * The SMTP fake in a process of its own, as a mail server would be: its work (and its garbage)
 * stays out of the process whose answers are timed.
 */
async function startSmtpElsewhere(): Promise<{ url: string; close(): void }> {
  const script = `import { startSmtpFake } from ${JSON.stringify(pathToFileURL(path.resolve('fakes/smtp.ts')).href)}
const fake = await startSmtpFake()
console.log(fake.smtpUrl)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  process.once('exit', () => child.kill('SIGTERM'))
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string]
  return { url: line.trim(), close: () => void child.kill('SIGTERM') }
}

async function main() {
  const database = await freshDatabase('ss_bench_enumeration')
  const smtp = await startSmtpElsewhere()
  Object.assign(process.env, { SMTP_URL: smtp.url, TRUST_PROXY: '1' })

  const { NextRequest } = await import('next/server')
  const { db } = await import('@/lib/db')
  const { createUser } = await import('@/lib/accounts/users')
  const { backgroundMailSettled } = await import('@/lib/mail')
  const routes = {
    forgot_password: (await import('@/app/api/user/forgot_password/route')).POST,
    send_code: (await import('@/app/api/user/send_code/route')).POST,
  }

  let client = 0
  /** One timed request from a client address of its own (the per-client hourly limit stays out of it). */
  async function ask(route: RouteName, email: string): Promise<{ ms: number; answer: string }> {
    const req = new NextRequest(`http://cn.localhost:3000/api/user/${route}`, {
      method: 'POST',
      body: JSON.stringify({ email }),
      headers: { host: 'cn.localhost:3000', 'content-type': 'application/json', 'x-locale': 'en-US', 'x-forwarded-for': `10.${client >> 16}.${(client >> 8) & 255}.${client++ & 255}` },
    })
    const started = performance.now()
    const res = await routes[route](req, { params: Promise.resolve({}) })
    const body = (await res.json()) as { code: number }
    const ms = performance.now() - started
    // Wait for the mail the request started (and the SMTP connection's close), so it does not slow
    // the next timed request.
    await backgroundMailSettled()
    await sleep(20)
    return { ms, answer: String(body.code) }
  }

  const address = (kind: Kind, route: RouteName, i: number) => `${kind}.${route}.${i}@example.com`
  const known = Array.from({ length: CALLS }, (_, i) => i)
  for (const route of ['forgot_password', 'send_code'] as const) {
    for (const i of known) await createUser({ email: address('known', route, i), name: 'Known', password: 'bench-password' })
  }
  // Warm-up: module loading, JIT and the connection pool are not what is measured.
  await createUser({ email: 'warm.known@example.com', name: 'Warm', password: 'bench-password' })
  for (const route of ['forgot_password', 'send_code'] as const) {
    for (const email of ['warm.known@example.com', 'warm.unknown@example.com']) {
      await ask(route, email)
      await ask(route, email)
    }
  }

  console.log(`enumeration: ${CALLS} addresses with an account and ${CALLS} without, alternately, per route (route handlers in this process, the SMTP fake in another)`)
  let worst = 0
  for (const route of ['forgot_password', 'send_code'] as const) {
    const times: Record<Kind, { first: number[]; again: number[] }> = { known: { first: [], again: [] }, unknown: { first: [], again: [] } }
    const answers: Record<Kind, string[]> = { known: [], unknown: [] }
    for (const i of known) {
      // Alternate which kind goes first, so neither always follows the other.
      const order: Kind[] = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known']
      for (const kind of order) {
        const first = await ask(route, address(kind, route, i))
        const again = await ask(route, address(kind, route, i))
        times[kind].first.push(first.ms)
        times[kind].again.push(again.ms)
        answers[kind].push(`${first.answer}/${again.answer}`)
      }
    }
    const same = answers.known.join() === answers.unknown.join()
    for (const phase of ['first', 'again'] as const) {
      const k = percentile(times.known[phase], 50)
      const u = percentile(times.unknown[phase], 50)
      worst = Math.max(worst, Math.abs(k - u))
      const label = `${route} ${phase === 'first' ? '(code issued)' : '(cooldown)   '}`
      console.log(`  ${label.padEnd(32)} median known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms, difference ${Math.abs(k - u).toFixed(1)} ms`)
    }
    console.log(`  ${route} answers (first/again): known ${answers.known[0]}, unknown ${answers.unknown[0]}; ${same ? 'the same for every address' : 'DIFFERENT'}`)
    if (!same) worst = Infinity
  }
  const largest = Number.isFinite(worst) ? `largest difference ${worst.toFixed(1)} ms` : 'the answers differ'
  console.log(`  target                           medians within ${TARGET_MS} ms and the same answers: ${worst < TARGET_MS ? 'met' : 'NOT met'} (${largest})`)

  await db.$disconnect()
  smtp.close()
  await database.stop()
}

runMain(main)
