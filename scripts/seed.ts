// `npm run db:seed`: seeds a migrated database (the product catalogue, and the ADMIN_EMAIL manager
// when ADMIN_EMAIL and ADMIN_PASSWORD are set). Idempotent: running it again changes nothing.
// `--demo` adds the development demo accounts.
import 'dotenv/config'
import { env } from '@/lib/env'
import { seed } from '@/prisma/seed'

async function main() {
  env() // names every missing or malformed setting before touching the database
  const lines = await seed({ withDemo: process.argv.includes('--demo') })
  for (const line of lines) console.log(`▸ ${line}`)
  console.log(lines.length === 0 ? '▸ nothing to seed: the database already has it all' : '▸ seeded')
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
