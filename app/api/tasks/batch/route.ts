import { route } from '@/lib/http'
import { enqueueTaskRun } from '@/lib/jobs'
import { MAX_UPLOAD_BYTES } from '@/lib/pricing'
import { createBatchFields, createTaskBatch, MAX_BATCH_FILES } from '@/lib/tasks'
import { uploadWorkLimit } from '@/lib/tasks/request-limits'
import { taskBatchSchema } from '@/lib/tasks/contract'

// What the route promises: 20 files of 5 MB, plus the form's own fields and boundaries.
const BATCH_BODY_LIMIT = { bytes: MAX_BATCH_FILES * MAX_UPLOAD_BYTES + 1024 * 1024, tooLarge: 'batchTooLarge' } as const

// POST /api/tasks/batch – one task per file (`file` repeated, ≤20, or the `uploadId`s their estimates answered) and target language
// (`targetLanguage` repeated, ≤5), all created or none; answers { tasks: [...] }
export const POST = route(
  {
    summary: 'One task per uploaded file (`file` repeated, ≤20) and target language',
    auth: 'user',
    response: taskBatchSchema,
    multipart: true,
    bodyLimit: BATCH_BODY_LIMIT,
    body: createBatchFields,
    // The first file is counted before the body is read, the others once their number is known.
    rateLimit: uploadWorkLimit('create'),
  },
  async ({ req, user, body, form, locale }) => {
    // Each file is parsed like one upload, so each counts against the upload limits.
    const files = Math.min(Math.max(form?.getAll('file').length ?? 0, form?.getAll('uploadId').length ?? 0), MAX_BATCH_FILES)
    for (let i = 1; i < files; i++) await uploadWorkLimit('create')({ req, user })
    return createTaskBatch({ userId: user.id, form, fields: body, locale, enqueue: enqueueTaskRun })
  },
)
