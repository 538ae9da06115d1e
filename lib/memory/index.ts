// A creator's translation memory: what their tasks kept, reused by later tasks for the same lines,
// listed, edited, exported and imported as TMX on the dashboard. It is handed the lines to keep
// (lib/tasks reads its own rows, lib/tasks/memory.ts) and reads no task.
export { listMemory, listMemoryPairs, updateMemoryEntry, deleteMemoryEntry, toMemoryDto } from './entries'
export { rememberTranslations, rememberCorrections, restoreMachineTranslations, forgetUndoneEdits, MAX_MEMORY_ENTRIES, type Remembered } from './remember'
export { recallTranslations, memoryCoverage, hasMemory } from './recall'
export { exportMemoryTmx, importMemoryTmx, limitMemoryImports, IMPORTS_PER_WINDOW } from './transfer'
export { MAX_IMPORT_UNITS, MAX_UNIT_VARIANTS, MAX_IMPORT_VARIANTS, MAX_IMPORT_TEXT_CHARS } from './tmx'
export { memoryKey } from './keys'
export { listMemoryQuery, exportMemoryQuery, updateMemoryBody, type ListMemoryQuery } from './schemas'
export * from './contract'
