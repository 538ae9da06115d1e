// Recordings' sound uploaded in parts with the tus protocol: the parts' rows and files, how far
// each has got, the user's quota of untaken bytes, and the protocol's handler for app/api/uploads.
export { handleUpload, CALLER_HEADER } from './tus'
export { takeParts, firstPartName, partsOf, isPartComplete, partFile, deleteParts, removePartFiles, deleteStaleParts, partIdsOf, deleteTaskParts, removeFilesOfParts, PART_CAP, PART_TTL_MS } from './parts'
export { followPart, UploadParkedError } from './follow-part'
export { taskUploadState, PROGRESS_BYTES } from './progress'
export { sweepPartFiles, SWEEP_GRACE_MS } from './sweep'
