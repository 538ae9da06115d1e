// `npm run points:grant -- <email> <points> [reason]`: grants a lot of points through the ledger
// (support, refunds, trials). The lot expires one year from now; the new balance is printed.
import 'dotenv/config'
import { randomUUID } from 'node:crypto'
import { db } from '@/lib/db'
import { grantPoints, MAX_POINTS_PER_CHANGE } from '@/lib/points'

const USAGE = 'usage: npm run points:grant -- <email> <points> [reason]'

async function main() {
  const [email, pointsText, ...reasonWords] = process.argv.slice(2)
  // Plain digits only: `1e3`, `0x10` or `12.0` are typing mistakes, not amounts.
  const points = /^[0-9]{1,10}$/.test(pointsText ?? '') ? Number(pointsText) : NaN
  if (!email || !pointsText || !(points > 0 && points <= MAX_POINTS_PER_CHANGE)) {
    console.error(USAGE)
    console.error(`points must be a positive whole number, at most ${MAX_POINTS_PER_CHANGE}`)
    process.exitCode = 2
    return
  }
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } })
  if (!user) {
    console.error(`no user with email ${email}`)
    process.exitCode = 1
    return
  }
  const reason = reasonWords.join(' ').trim() || 'operator grant'
  const { balance, lotId } = await grantPoints({ userId: user.id, amount: points, key: `operator:${randomUUID()}`, source: 'grant', reason })
  const lot = lotId ? await db.pointLot.findUnique({ where: { id: lotId } }) : null
  console.log(`granted ${points} points to ${user.email} (${reason}), expiring ${lot?.expiresAt.toISOString() ?? 'in one year'}`)
  console.log(`new balance: ${balance}`)
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
  .finally(() => db.$disconnect())
