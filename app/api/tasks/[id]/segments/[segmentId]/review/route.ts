import { route } from '@/lib/http'
import { parseSegmentId, reviewSegment } from '@/lib/tasks'
import { segmentReviewSchema } from '@/lib/tasks/contract'

// POST /api/tasks/{id}/segments/{segmentId}/review – DeepSeek reviews one segment's translation and keeps its correction
export const POST = route({ summary: 'DeepSeek reviews one segment\'s translation and keeps its correction', auth: 'user', response: segmentReviewSchema, params: ['id', 'segmentId'] }, async ({ user, params }) =>
  reviewSegment({ userId: user.id, taskId: params.id, segmentId: parseSegmentId(params.segmentId) }),
)
