// Every query key of the browser's cache, in one registry: a resource module (lib/client/<resource>.ts)
// takes its keys from here, so two screens asking for the same data share one request and one
// cache entry, and an invalidation reaches every copy. Components never write a key.

import type { MemoryFilter } from './memory'

export const queryKeys = {
  tasks: {
    all: ['tasks'] as const,
    page: (page: number) => ['tasks', 'page', page] as const,
    detail: (id: string) => ['tasks', 'detail', id] as const,
    words: (id: string) => ['tasks', 'words', id] as const,
    /** An export's text read by the browser itself (the video export's ASS script). */
    exportText: (id: string, format: string, content: string) => ['tasks', 'export-text', id, format, content] as const,
    /** The ASS scripts of a video export's tracks, one per track content, in the tracks' order. */
    trackScripts: (id: string, contents: (string | undefined)[]) => ['tasks', 'export-text', id, 'ass', 'tracks', contents.join('+')] as const,
    /** An ASS task's uploaded script with its saved times, which the editor's preview writes its lines into. */
    assSource: (id: string) => ['tasks', 'ass-source', id] as const,
    speech: (id: string) => ['tasks', 'speech', id] as const,
    leftOut: (id: string) => ['tasks', 'left-out', id] as const,
    dubEstimate: (id: string) => ['tasks', 'dubs', id, 'estimate'] as const,
    dubs: (id: string) => ['tasks', 'dubs', id] as const,
    /** A dub's report by line, as of `version` (the dub's completion and the lines' texts: an edit asks again). */
    dubReport: (id: string, dubId: string, version: string) => ['tasks', 'dubs', id, 'report', dubId, version] as const,
    /** The timeline's waveform and the video's shot changes, kept with the task. */
    peaks: (id: string) => ['tasks', 'peaks', id] as const,
    shotChanges: (id: string) => ['tasks', 'shot-changes', id] as const,
  },
  /** A task's review links, its reviewers' comments and its approval (the creator's side). */
  reviews: {
    links: (taskId: string) => ['tasks', 'review-links', taskId] as const,
    comments: (taskId: string) => ['tasks', 'review-comments', taskId] as const,
    approval: (taskId: string) => ['tasks', 'approval', taskId] as const,
  },
  /** What a review link opens, for the reviewer without an account. */
  reviewView: (token: string) => ['review', token] as const,
  videoStyle: ['user', 'video-style'] as const,
  apiKeys: ['user', 'api-keys'] as const,
  webhooks: {
    all: ['user', 'webhooks'] as const,
    deliveries: (endpointId: string) => ['user', 'webhooks', 'deliveries', endpointId] as const,
  },
  points: ['user', 'points'] as const,
  glossary: {
    all: ['glossary'] as const,
    list: (targetLanguage: string) => ['glossary', 'list', targetLanguage] as const,
  },
  memory: {
    all: ['memory'] as const,
    pairs: ['memory', 'pairs'] as const,
    list: (filter: MemoryFilter) => ['memory', 'list', filter] as const,
  },
  adminUsers: {
    all: ['admin', 'users'] as const,
    page: (page: number, size: number) => ['admin', 'users', page, size] as const,
    // Apart from the users list's key, so a list refresh does not reload an open detail and back.
    detail: (id: string) => ['admin', 'user-detail', id] as const,
    detailEntries: (id: string, entries: number) => ['admin', 'user-detail', id, entries] as const,
  },
  products: (catalogue: string) => ['products', catalogue] as const,
  orders: {
    all: ['orders'] as const,
    page: (page: number) => ['orders', page] as const,
  },
}
