// Translation tasks on the server: upload checks, creation with
// its reservation, reading, editing, retranslating, exporting and deleting, always as the owner.
export { readSubtitleUpload, analyseSubtitle, cleanFileName, type SubtitleUpload, type AnalysedSubtitle } from './upload'
export { createTask, estimateTask, newTaskId, type Enqueue, type Estimate } from './create'
export { listTasks, getTask, deleteTask, findOwnTask, type Page } from './queries'
export { editSegment, editSegments, shiftSegments, retranslateSegment, retranslateSegments } from './edit'
export { retryTask } from './retry'
export { exportTask, exportName, contentDisposition, type ExportFile } from './export'
export { toTaskDto, toSegmentDto, type TaskDto, type SegmentDto, type TranslatedBy } from './dto'
export { appStorage, isOssConfigured, translatedFileKey } from './storage'
export { createTaskFields, getTaskQuery, listTasksQuery, editSegmentBody, editSegmentsBody, retranslateSegmentsBody, shiftSegmentsBody, exportQuery, exportZipQuery, createBatchFields, parseSegmentId, isTaskIdShape, MAX_PAGE, type CreateTaskFields } from './schemas'
export { createTaskBatch, MAX_BATCH_FILES, MAX_BATCH_LANGUAGES } from './batch'
export { exportZip, zipEntryName } from './export-zip'
