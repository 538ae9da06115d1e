// A creator's glossary: entries per target language, the terms a task sends with its batches,
// and the upload dialog's help (entries that apply to a file, recurring names worth adding).
export { listGlossary, createGlossaryEntry, updateGlossaryEntry, deleteGlossaryEntry, toGlossaryDto, MAX_ENTRIES_PER_LANGUAGE, type GlossaryEntryDto } from './entries'
export { listGlossaryQuery, createGlossaryBody, updateGlossaryBody, type CreateGlossaryInput, type UpdateGlossaryInput } from './schemas'
export { glossaryTermsFor, glossaryTermsOfUser, spokenTermsFor } from './terms'
export { suggestTerms, countMatchingEntries, type TermSuggestion } from './suggest'
export * from './contract'
