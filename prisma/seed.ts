// Idempotent seed: the product catalogue when empty, the ADMIN_EMAIL manager when missing, and in
// development the demo accounts. Returns lines to print (credentials), never prints secrets itself.
// It runs outside Next.js (scripts/start.ts), so it imports domain modules, never route code.
import { Prisma } from '@prisma/client'
import { createUser } from '@/lib/accounts/users'
import { db } from '@/lib/db'
import { DEFAULT_PRODUCTS } from '@/lib/orders/default-catalogue'
import { grantPoints } from '@/lib/points'

const PRODUCTS = DEFAULT_PRODUCTS

export const DEMO_MANAGER = { email: 'admin@example.com', password: 'admin123456', name: 'Demo Manager' }
export const DEMO_USER = { email: 'demo@example.com', password: 'demo123456', name: 'Demo Creator', points: 5000 }

async function ensureUser({ email, password, name, isAdmin }: { email: string; password: string; name: string; isAdmin: boolean }) {
  const normalized = email.trim().toLowerCase()
  const existing = await db.user.findUnique({ where: { email: normalized } })
  if (existing) return { user: existing, isNew: false }
  return { user: await createUser({ email: normalized, name, password, isAdmin }), isNew: true }
}

/** Seeds what every environment needs, plus demo accounts when asked; safe to run at every start. */
export async function seed({ withDemo }: { withDemo: boolean }): Promise<string[]> {
  const lines: string[] = []
  if ((await db.product.count()) === 0) {
    await db.product.createMany({
      data: PRODUCTS.map((p) => ({ ...p, originalPrice: new Prisma.Decimal(p.originalPrice), dollarPrice: new Prisma.Decimal(p.dollarPrice) })),
      skipDuplicates: true,
    })
    lines.push(`product catalogue created (${PRODUCTS.length} products)`)
  }
  const adminEmail = process.env.ADMIN_EMAIL
  const adminPassword = process.env.ADMIN_PASSWORD
  if (adminEmail && adminPassword) {
    const { isNew } = await ensureUser({ email: adminEmail, password: adminPassword, name: 'Administrator', isAdmin: true })
    lines.push(`manager ${adminEmail} ${isNew ? 'created' : 'present'}`)
  }
  if (withDemo) {
    await ensureUser({ ...DEMO_MANAGER, isAdmin: true })
    const { user } = await ensureUser({ ...DEMO_USER, isAdmin: false })
    await grantPoints({ userId: user.id, amount: DEMO_USER.points, key: `seed:demo:${user.id}`, source: 'grant', reason: 'demo' })
    lines.push(`demo manager: ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}`)
    lines.push(`demo user:    ${DEMO_USER.email} / ${DEMO_USER.password} (${DEMO_USER.points} points)`)
  }
  return lines
}
