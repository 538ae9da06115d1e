// A creator's translation memory: what their tasks kept, reused by later tasks for the same lines,
// listed, edited, exported and imported as TMX on the dashboard.
export { listMemory, listMemoryPairs, updateMemoryEntry, deleteMemoryEntry, toMemoryDto } from './entries'
export { rememberTranslations, rememberCorrections, restoreMachineTranslations, type Remembered } from './remember'
export { recallTranslations, memoryCoverage, hasMemory } from './recall'
export { exportMemoryTmx, importMemoryTmx, MAX_IMPORT_UNITS } from './transfer'
export { memoryKey } from './keys'
export { listMemoryQuery, exportMemoryQuery, updateMemoryBody, type ListMemoryQuery } from './schemas'
export * from './contract'
