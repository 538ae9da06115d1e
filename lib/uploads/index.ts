// Recordings' sound uploaded in parts with the tus protocol (issue 31): the parts' rows and files,
// and the protocol's handler for app/api/uploads.
export { handleUpload, CALLER_HEADER } from './tus'
export { takeParts, firstPartName, partsOf, isPartComplete, partFile, deleteParts, removePartFiles, deleteStaleParts, PART_CAP, PART_TTL_MS } from './parts'
