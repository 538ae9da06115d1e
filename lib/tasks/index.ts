// Translation tasks on the server: upload checks, creation with
// its reservation, reading, editing, retranslating, exporting and deleting, always as the owner.
export { readSubtitleUpload, analyseSubtitle, cleanFileName, type SubtitleUpload, type AnalysedSubtitle } from './upload'
export { createTask, estimateTask, newTaskId, type Enqueue, type Estimate } from './create'
export { listTasks, getTask, deleteTask, findOwnTask, type Page } from './queries'
export { editSegment, retranslateSegment } from './edit'
export { exportTask, exportName, contentDisposition, type ExportFile } from './export'
export { toTaskDto, toSegmentDto, type TaskDto, type SegmentDto } from './dto'
export { appStorage, isOssConfigured, translatedFileKey } from './storage'
export { createTaskFields, getTaskQuery, listTasksQuery, editSegmentBody, exportQuery, parseSegmentId, isTaskIdShape, MAX_PAGE, type CreateTaskFields } from './schemas'
