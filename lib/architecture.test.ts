import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packagesOf, reachableFrom, relative, resolveImport, ROOT } from '@/test/import-graph'

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }

// Every import of a file, dynamic and type-only ones included: a type import still ties one
// layer's shape to another's.
const IMPORTS = /(?:^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?|\bimport\(\s*)['"]([^'"]+)['"]/gm
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/** The files under `dir` (from the root, recursively) whose name matches `pattern`. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  const files: string[] = []
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) files.push(...filesUnder(rel, pattern))
    else if (pattern.test(entry.name)) files.push(rel)
  }
  return files
}

/** The production source files under `dir`: TypeScript and modules, test files left out. */
const productionFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx|mts|mjs)$/).filter((file) => !isTest(file))

describe('production start', () => {
  for (const entry of ['scripts/start.ts', 'scripts/worker.ts', 'scripts/seed.ts']) {
    it(`${entry} reaches no test double and no devDependency through static imports`, () => {
      const files = reachableFrom(entry)
      expect([...files].map(relative).filter((f) => f.startsWith('fakes/'))).toEqual([])
      expect([...packagesOf(files)].filter((p) => p in pkg.devDependencies)).toEqual([])
    })
  }
})

describe('test harness', () => {
  // test/ (the route harness, the API server of the hook tests, database setup) is test code:
  // no page, route handler, component or production module may import it, not even dynamically.
  const sourceFiles = (dir: string) => filesUnder(dir, /\.(ts|tsx|mts|js|mjs)$/)

  it('is imported by no production file under app/, components/, lib/ or scripts/', () => {
    const production = ['app', 'components', 'lib', 'scripts']
      .flatMap(sourceFiles)
      .concat(['proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'instrumentation-client.ts'])
      .filter((file) => !isTest(file))
    const offenders = production.flatMap((file) => {
      const absolute = path.join(ROOT, file)
      return [...readFileSync(absolute, 'utf8').matchAll(IMPORTS)]
        .map((m) => resolveImport(absolute, m[1]))
        .filter((target): target is string => target !== null && relative(target).startsWith(`test${path.sep}`))
        .map((target) => `${file} -> ${relative(target)}`)
    })
    expect(production.length).toBeGreaterThan(100)
    expect(offenders).toEqual([])
  })
})

describe('layers', () => {

  /** `from -> to` for each import between two top folders (lib/tasks, components/editor, ...). */
  function crossings(dir: string): string[] {
    const folderOf = (file: string) => file.split(path.sep).slice(0, 2).join('/')
    const out = new Set<string>()
    for (const file of productionFiles(dir)) {
      const absolute = path.join(ROOT, file)
      for (const m of readFileSync(absolute, 'utf8').matchAll(IMPORTS)) {
        const target = resolveImport(absolute, m[1])
        if (!target) continue
        const [from, to] = [folderOf(file), folderOf(relative(target))]
        if (from !== to) out.add(`${from} -> ${to}`)
      }
    }
    return [...out].sort()
  }

  const lib = crossings('lib')
  const components = crossings('components')

  it('lib/tasks does not import the queue: lib/jobs hands its enqueue function in', () => {
    expect(lib).toContain('lib/jobs -> lib/tasks')
    expect(lib.filter((edge) => edge.startsWith('lib/tasks -> lib/jobs'))).toEqual([])
  })

  it('lib/transcribe is a library: it imports no table, no task and no Prisma (lib/tasks runs the job)', () => {
    expect(lib).toContain('lib/tasks -> lib/transcribe')
    expect(lib.filter((edge) => /^lib\/transcribe -> lib\/(db|tasks)$/.test(edge))).toEqual([])
    const prisma = productionFiles('lib/transcribe').filter((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORTS)].some((m) => m[1].startsWith('@prisma/')))
    expect(productionFiles('lib/transcribe').length).toBeGreaterThan(5)
    expect(prisma).toEqual([])
  })

  it('providers are called one way: only lib/provider-calls waits, pauses and retries', () => {
    // The engine, the review pass, the per-segment review and transcription call callProvider;
    // no other module of those folders keeps a sleep of its own or touches the shared 429 pause.
    const callers = ['lib/translate', 'lib/transcribe', 'lib/tasks'].flatMap(productionFiles)
    const offenders = callers.filter((file) => /\b(?:pauseProvider|waitForProvider|providerAnswered)\(|new Promise[^\n]*setTimeout\(/.test(readFileSync(path.join(ROOT, file), 'utf8')))
    expect(lib).toContain('lib/transcribe -> lib/provider-calls')
    expect(lib).toContain('lib/translate -> lib/provider-calls')
    expect(lib.filter((edge) => edge.startsWith('lib/provider-calls ->'))).toEqual([])
    expect(offenders).toEqual([])
  })

  it('no domain module imports lib/http (the route layer); lib/auth neither', () => {
    // lib/client (delivery, the browser's side) reads the envelope's codes, and nothing else of it.
    const offenders = lib.filter((edge) => edge.endsWith('-> lib/http') && edge !== 'lib/client -> lib/http')
    expect(lib).toContain('lib/http -> lib/errors')
    expect(offenders).toEqual([])
    const clientImports = productionFiles('lib/client').flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORTS)].map((m) => resolveImport(path.join(ROOT, file), m[1])).filter((t): t is string => t !== null).map(relative),
    )
    expect(clientImports.filter((target) => target.startsWith(`lib${path.sep}http${path.sep}`) && !target.startsWith(path.join('lib', 'http', 'universal', 'envelope')))).toEqual([])
  })

  it('errors live in lib/errors, below every domain module (it reads only the locales and their messages)', () => {
    expect(lib.filter((edge) => edge.startsWith('lib/errors ->') && !edge.endsWith('-> lib/site') && !edge.includes('-> messages/'))).toEqual([])
  })

  it('each area of components has one home: no second tasks or payments folder under dashboard', () => {
    const folders = new Set(productionFiles('components').map((file) => path.dirname(file).split(path.sep).join('/')))
    expect(folders).toContain('components/tasks')
    expect([...folders].filter((dir) => /^components\/.+\/(tasks|payments)$/.test(dir))).toEqual([])
  })

  it('lib/site sits below lib/i18n: the locales live in lib/site, and lib/site imports no lib/i18n', () => {
    expect(lib).toContain('lib/i18n -> lib/site')
    expect(lib).not.toContain('lib/site -> lib/i18n')
  })

  it('no feature folder of components imports another: shared pieces live in ui, layout, accounts, tasks and payments', () => {
    const shared = new Set(['components/ui', 'components/layout', 'components/accounts', 'components/tasks', 'components/payments'])
    // A wing (one feature's whole folder) is opened by the screen that hosts it, through its index only.
    const wings: Record<string, string[]> = { 'components/video-export': ['components/editor'] }
    const offenders = components.filter((edge) => {
      const [from, to] = edge.split(' -> ')
      return to.startsWith('components/') && !shared.has(to) && !shared.has(from) && !wings[to]?.includes(from)
    })
    expect(components).toContain('components/editor -> components/layout')
    expect(offenders).toEqual([])
    for (const [wing, hosts] of Object.entries(wings)) {
      const intoWing = hosts.flatMap((host) =>
        productionFiles(host).flatMap((file) =>
          [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORTS)]
            .map((m) => resolveImport(path.join(ROOT, file), m[1]))
            .filter((target): target is string => target !== null && relative(target).startsWith(wing + '/'))
            .map((target) => `${file} -> ${relative(target)}`),
        ),
      )
      expect(intoWing.length).toBeGreaterThan(0)
      expect(intoWing.filter((edge) => !edge.endsWith(` -> ${wing}/index.ts`))).toEqual([])
    }
    // Shared pieces stay below the features.
    expect(components.filter((edge) => { const [from, to] = edge.split(' -> '); return shared.has(from) && to.startsWith('components/') && !shared.has(to) })).toEqual([])
  })

  it('a browser feature\'s wing is one flat folder, which the screens reach through its index only', () => {
    // The video export (its dialog, engine, renderer and workers) and the recording's browser side
    // (its session, extraction workers and uploads) each live in one folder without subfolders; the
    // editor's preview draws through the export's index, the upload dialog starts and submits a
    // recording through the recording's.
    const WINGS = ['components/video-export', 'lib/client/recording']
    for (const wing of WINGS) {
      expect(existsSync(path.join(ROOT, wing, 'index.ts'))).toBe(true)
      expect(readdirSync(path.join(ROOT, wing), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)).toEqual([])
      const outside = ['app', 'components', 'lib'].flatMap(productionFiles).filter((file) => !file.startsWith(path.join(...wing.split('/')) + path.sep))
      const intoWing = outside.flatMap((file) =>
        [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORTS)]
          .map((m) => resolveImport(path.join(ROOT, file), m[1]))
          .filter((target): target is string => target !== null && relative(target).split(path.sep).join('/').startsWith(wing + '/'))
          .map((target) => `${file.split(path.sep).join('/')} -> ${relative(target).split(path.sep).join('/')}`),
      )
      expect(intoWing.length).toBeGreaterThan(0)
      expect(intoWing.filter((edge) => !edge.endsWith(` -> ${wing}/index.ts`))).toEqual([])
    }
    expect(existsSync(path.join(ROOT, 'lib', 'client', 'video'))).toBe(false)
  })

  it('no route handler imports lib/db: a handler calls one domain function, which owns its queries', () => {
    const offenders = productionFiles('app/api').filter((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORTS)].some((m) => {
        const target = resolveImport(path.join(ROOT, file), m[1])
        return target !== null && relative(target).startsWith(`lib${path.sep}db${path.sep}`)
      }),
    )
    expect(productionFiles('app/api').length).toBeGreaterThan(40)
    expect(offenders).toEqual([])
  })

  it('lib/srt is gone: subtitles, languages and pricing each live in a module of their own', () => {
    expect(existsSync(path.join(ROOT, 'lib', 'srt'))).toBe(false)
    for (const name of ['subtitles', 'languages', 'pricing']) expect(existsSync(path.join(ROOT, 'lib', name, 'index.ts'))).toBe(true)
  })
})

describe('one primitive per job', () => {
  // The server's side of lib/ (lib/client is the browser's): each job below has one module, and
  // these fail when a second way of doing it appears beside it.
  const serverFiles = productionFiles('lib').filter((file) => !file.startsWith(path.join('lib', 'client') + path.sep))
  /** A file's code without its comments (a comment may name what the code must not call). */
  const code = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  const where = (pattern: RegExp, files: readonly string[] = serverFiles) => files.filter((file) => pattern.test(code(file))).map((file) => file.split(path.sep).join('/'))

  it('reads the server side of lib/', () => {
    expect(serverFiles.length).toBeGreaterThan(200)
  })

  it('one translate entry: a task\'s lines reach the engine only through the translate stage (lib/tasks/pipeline/translate.ts)', () => {
    // The engine (translateCues) and its review of lines translated elsewhere (reviewCues) are
    // lib/translate's; outside it, only the translate stage's translator calls them: the task's
    // job, a streamed recording's chunks and the editor's "translate again" all go through it.
    const outside = [...serverFiles, ...productionFiles('app')].filter((file) => !file.startsWith(path.join('lib', 'translate') + path.sep))
    expect(where(/\b(?:translateCues|reviewCues)\b/, outside)).toEqual(['lib/tasks/pipeline/translate.ts'])
    expect(where(/\btaskTranslator\(/)).toEqual(expect.arrayContaining(['lib/tasks/pipeline/runner.ts', 'lib/tasks/retranslate.ts']))
  })

  it('one concurrency pool (lib/pool/pool.ts): no other module counts work against a limit or queues its waiters', () => {
    // A queue of waiters, a count of work in flight held against a limit, or a launch loop up to one.
    const pool = /\.push\(\s*resolve\s*\)|\b(?:busy|running|active|inFlight|inAll|mine|taken|held|working|pending|launched)\s*>=|Math\.min\(\s*Math\.max\(\s*1\s*,\s*limit\b/
    expect(where(pool)).toEqual(['lib/pool/pool.ts'])
  })

  it('one ffmpeg runner (lib/media/binaries.ts startTool): no other module starts a child process for ffmpeg or ffprobe', () => {
    // lib/devtools starts Node itself (embedded PostgreSQL, migrations), never a media tool.
    const spawners = where(/['"](?:node:)?child_process['"]/)
    expect(spawners).toContain('lib/media/binaries.ts')
    expect(spawners.filter((file) => file !== 'lib/media/binaries.ts' && !file.startsWith('lib/devtools/'))).toEqual([])
    expect(where(/ffmpeg|ffprobe|toolBinary/i, spawners.filter((file) => file !== 'lib/media/binaries.ts'))).toEqual([])
  })

  it('one off-thread runner (lib/off-thread): no other module starts a worker thread', () => {
    expect(where(/['"](?:node:)?worker_threads['"]/)).toEqual(['lib/off-thread/index.ts', 'lib/off-thread/serve.mjs'])
    expect(where(/\bnew Worker\(/)).toEqual(['lib/off-thread/index.ts'])
  })
})

describe('components talk to the server through lib/client', () => {
  // A component imports hooks and fetchers from lib/client/<resource>.ts: the query keys (one
  // registry, lib/client/keys.ts), the /api/ paths and the envelope codes (by name, ERROR_CODES)
  // are written there once.
  const components = productionFiles('components').map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
  const offending = (pattern: RegExp) => components.filter(({ text }) => pattern.test(text)).map(({ file }) => file)

  it('reads the component folder', () => {
    expect(components.length).toBeGreaterThan(100)
  })

  it('no component writes a query key as an array literal', () => {
    expect(offending(/queryKey:\s*\[/)).toEqual([])
  })

  it('no component writes an /api/ path', () => {
    expect(offending(/['"`]\/api\//)).toEqual([])
  })

  it('no component writes to the query cache: a task\'s cached rows change only in lib/client/tasks.ts', () => {
    expect(offending(/\.setQueryData\b|\.setQueriesData\b/)).toEqual([])
    const writers = productionFiles('lib/client').filter((file) => /\.setQueryData<TaskDetail>|taskKeys\.detail\([^)]*\)\s*,\s*\(/.test(readFileSync(path.join(ROOT, file), 'utf8')))
    expect(writers).toEqual([path.join('lib', 'client', 'tasks.ts')])
  })

  it('no component compares a raw five-digit envelope code', () => {
    expect(offending(/\b(?:20000|[45]\d\d00)\b/)).toEqual([])
  })
})

describe('tables', () => {
  // Each table belongs to one feature folder of lib/, which reads and writes it; another folder asks
  // that one through its functions. A Prisma delegate (`db.task`, `tx.segment`, `t.pointEntry`)
  // or a table named in raw SQL (`"Segment"`) counts as touching the table.
  const OWNERS: Record<string, readonly string[]> = {
    Task: ['lib/tasks'],
    Segment: ['lib/tasks'],
    SegmentVersion: ['lib/tasks'],
    StagedUpload: ['lib/tasks'],
    StagedAudio: ['lib/tasks'],
    TranscriptChunk: ['lib/tasks'],
    TaskPeaks: ['lib/tasks'],
    TaskShotChanges: ['lib/tasks'],
    GlossaryEntry: ['lib/glossary'],
    MemoryEntry: ['lib/memory'],
    PointLot: ['lib/points'],
    PointEntry: ['lib/points'],
    PointAllocation: ['lib/points'],
    User: ['lib/accounts', 'lib/auth'],
    Session: ['lib/auth', 'lib/accounts'],
    VerificationCode: ['lib/accounts'],
    Product: ['lib/orders'],
    // Settlement changes an order's status as it records the provider's message.
    Order: ['lib/orders', 'lib/payments'],
    PaymentEvent: ['lib/payments'],
    RateLimit: ['lib/rate-limit'],
    Dub: ['lib/dub'],
    DubPhrase: ['lib/dub'],
  }

  /** Reads across features kept on purpose, each with its reason. */
  const KNOWN_CROSS_READS = [
    // The ledger serialises one user's balance changes by locking the user's row (which also holds
    // off the user's deletion until the change commits).
    'lib/points -> User',
    // A dub reads the lines it speaks and the recording it mixes under them (read only: it writes
    // nothing of its task).
    'lib/dub -> Segment',
    'lib/dub -> Task',
  ]

  const MODEL_NAMES = Object.keys(OWNERS)
  const DELEGATE = /\b(?:db|tx|t|client|prisma)\.([a-z][A-Za-z]*)\b/g
  const RAW_TABLE = new RegExp(`"(${MODEL_NAMES.join('|')})"`, 'g')
  const camel = (model: string) => model[0].toLowerCase() + model.slice(1)
  const byDelegate = new Map(MODEL_NAMES.map((m) => [camel(m), m]))

  /** `lib/<folder> -> Model` for each table a lib folder touches. */
  function touches(): Set<string> {
    const out = new Set<string>()
    for (const file of productionFiles('lib')) {
      const folder = file.split(path.sep).slice(0, 2).join('/')
      const text = readFileSync(path.join(ROOT, file), 'utf8')
      for (const m of text.matchAll(DELEGATE)) if (byDelegate.has(m[1])) out.add(`${folder} -> ${byDelegate.get(m[1])}`)
      for (const m of text.matchAll(RAW_TABLE)) out.add(`${folder} -> ${m[1]}`)
    }
    return out
  }

  const touched = touches()
  const foreign = [...touched].filter((edge) => {
    const [folder, model] = edge.split(' -> ')
    return !OWNERS[model].includes(folder)
  })

  it('finds the tables each folder touches', () => {
    expect(touched).toContain('lib/tasks -> Segment')
    expect(touched).toContain('lib/memory -> MemoryEntry')
    expect(touched).toContain('lib/points -> PointEntry')
  })

  it('no feature folder reads or writes another feature\'s tables (but the listed exceptions)', () => {
    const allowed = new Set(KNOWN_CROSS_READS)
    expect(foreign.filter((edge) => !allowed.has(edge)).sort()).toEqual([])
  })

  it('every listed exception is still needed (remove it once the read goes)', () => {
    expect(KNOWN_CROSS_READS.filter((edge) => !foreign.includes(edge))).toEqual([])
  })
})

describe('browser-safe and server-only code apart, folder by folder', () => {
  // Browser code is lib/client and every 'use client' file, followed through what it imports
  // (workers started with `new URL('./x.ts', import.meta.url)` included). A folder the browser
  // imports from holds no server-only file: a domain's browser-safe part lives in its `universal/`
  // folder (lib/transcribe/universal, lib/video/universal), beside the server's files. The zod
  // contracts (contract.ts, schemas.ts) are read by both sides by design and followed like the rest.
  // A type-only import is erased from the bundle and not counted.
  const SERVER_ONLY = /^import 'server-only'/m
  const VALUE_IMPORTS = /(?:^\s*(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?|\bimport\(\s*|new URL\(\s*)['"]([^'"]+)['"]/gm
  const isContract = (file: string) => /(?:^|\/)(?:contract|schemas)\.ts$/.test(file)
  const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
  const useClient = (file: string) => /^\s*['"]use client['"]/.test(text(file))
  const hasServerOnly = new Map<string, string[]>()
  const serverOnlyIn = (dir: string) => {
    if (!hasServerOnly.has(dir)) {
      const here = readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !isTest(e.name))
      hasServerOnly.set(dir, here.map((e) => path.join(dir, e.name)).filter((file) => SERVER_ONLY.test(text(file))))
    }
    return hasServerOnly.get(dir)!
  }

  /** Each import edge of browser code into a project file: `importer -> target`, paths from the root. */
  function browserEdges(starts: string[]): { from: string; to: string }[] {
    const edges: { from: string; to: string }[] = []
    const seen = new Set<string>()
    const stack = [...starts]
    while (stack.length > 0) {
      const file = stack.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      for (const m of text(file).matchAll(VALUE_IMPORTS)) {
        const target = resolveImport(path.join(ROOT, file), m[1])
        if (!target) continue
        const to = relative(target)
        edges.push({ from: file, to })
        stack.push(to)
      }
    }
    return edges
  }

  const starts = [...productionFiles('lib/client'), ...['components', 'app'].flatMap(productionFiles).filter(useClient)]
  const edges = browserEdges(starts)

  it('reads the browser code and the folders it imports from', () => {
    expect(starts.length).toBeGreaterThan(100)
    expect(edges.map((e) => e.to)).toContain(path.join('lib', 'transcribe', 'universal', 'limits.ts'))
  })

  it('no folder the browser imports from holds a file that imports server-only', () => {
    const offenders = edges
      .filter(({ to }) => !isContract(to) || SERVER_ONLY.test(text(to)))
      .filter(({ to }) => serverOnlyIn(path.dirname(to)).length > 0)
      .map(({ from, to }) => `${from} -> ${to} (beside ${serverOnlyIn(path.dirname(to)).join(', ')})`)
    expect([...new Set(offenders)]).toEqual([])
  })

  it('lib/client imports domain code only from universal folders, pure libraries and contracts', () => {
    const serverDomains = new Set(productionFiles('lib').filter((file) => SERVER_ONLY.test(text(file))).map((file) => file.split(path.sep).slice(0, 2).join('/')))
    const offenders = edges
      .filter(({ from }) => from.startsWith(`lib${path.sep}client${path.sep}`))
      .filter(({ to }) => to.startsWith(`lib${path.sep}`) && !to.startsWith(`lib${path.sep}client${path.sep}`))
      .filter(({ to }) => serverDomains.has(to.split(path.sep).slice(0, 2).join('/')) && !isContract(to) && !to.split(path.sep).includes('universal'))
      .map(({ from, to }) => `${from} -> ${to}`)
    expect(offenders).toEqual([])
  })
})

describe('the browser talks to its workers one way', () => {
  // lib/client/worker-rpc.ts: calls answered once by id, events during a call, one-way notes. The
  // recording's extraction, the ASS renderer and the video export speak it; no worker or page keeps
  // a message protocol of its own.
  const RPC = path.join('lib', 'client', 'worker-rpc.ts')
  const browser = ['lib/client', 'components'].flatMap(productionFiles).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
  const workers = browser.filter(({ file }) => /-worker\.ts$/.test(file))

  it('finds the workers: extraction, ASS renderer, video export, waveform and shot changes', () => {
    expect(workers.map(({ file }) => path.basename(file)).sort()).toEqual(['ass-worker.ts', 'export-worker.ts', 'extract-worker.ts', 'peaks-worker.ts', 'shot-worker.ts'])
  })

  it('every worker answers through serveWorker', () => {
    expect(workers.filter(({ text }) => !/\bserveWorker<\w+>\(/.test(text)).map(({ file }) => file)).toEqual([])
  })

  it('every page that starts a worker talks to it through workerClient', () => {
    const starters = browser.filter(({ text }) => /\bnew Worker\(/.test(text))
    expect(starters.length).toBeGreaterThanOrEqual(3)
    expect(starters.filter(({ text }) => !/\bworkerClient<\w+>\(/.test(text)).map(({ file }) => file)).toEqual([])
  })

  it('no browser file but the RPC posts or receives a worker message itself', () => {
    expect(browser.filter(({ file, text }) => file !== RPC && /\.postMessage\(|\bonmessage\b|addEventListener\(\s*['"]message['"]/.test(text)).map(({ file }) => file)).toEqual([])
  })
})
