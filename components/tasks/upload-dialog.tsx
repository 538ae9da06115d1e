'use client'

import { useTranslations } from 'next-intl'
import { useRouter } from 'next/navigation'
import { toast } from 'sonner'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Progress } from '@/components/ui/progress'
import { holdExtraction, isMediaFile } from '@/lib/client/recording'
import { useLocalizedPath } from '@/lib/client/use-localized-path'
import type { Features } from '@/lib/features'
import { SECTION_PATHS } from '@/components/layout/dashboard-sections'
import { InsufficientPointsDialog } from './insufficient-points-dialog'
import { UploadBatch } from './upload-batch'
import { UploadDropzone } from './upload-dropzone'
import { UploadEstimate } from './upload-estimate'
import { UploadGlossary } from './upload-glossary'
import { UploadOptions } from './upload-options'
import { UploadRecording } from './upload-recording'
import { useRecordingFlow } from './use-recording-flow'
import { useUploadFlow } from './use-upload-flow'

/**
 * Runs each step after the frame that follows the one before it is painted: the dialog closing, its
 * toast and the list's refresh, each in a frame of its own. Raised together, they rendered in one
 * task (Sonner flushes React's pending work with its toast): one frame of over 100 ms where three
 * short ones do, while a recording's sound is still being taken out.
 */
function inLaterFrames(...steps: (() => void)[]) {
  const [step, ...rest] = steps
  if (!step) return
  requestAnimationFrame(() =>
    setTimeout(() => {
      step()
      inLaterFrames(...rest)
    }, 0),
  )
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; features: Features; onCreated?: () => void }

/** The upload dialog: pick a file, see the estimate, choose languages and service, submit. */
export function UploadDialog({ open, onOpenChange, features, onCreated }: Props) {
  const t = useTranslations('upload')
  const tc = useTranslations('common')
  const router = useRouter()
  const localized = useLocalizedPath()
  const created = (tasks: { fileName: string }[]) => {
    const title = tasks.length === 1 ? t('started', { fileName: tasks[0].fileName }) : t('startedMany', { count: tasks.length })
    close()
    inLaterFrames(
      () => toast.success(title, { description: t('startedHint') }),
      () => onCreated?.(),
    )
  }
  // A recording starts by being transcribed (then translated, when a language was chosen).
  const transcribing = ([task]: { fileName: string }[]) => {
    // The sound is still being taken out: the workers step back while the dialog closes and the list refreshes.
    holdExtraction()
    close()
    inLaterFrames(
      () => toast.success(t('recording.started', { fileName: task.fileName }), { description: t('recording.startedHint') }),
      () => onCreated?.(),
    )
  }
  const flow = useUploadFlow({ canUseGoogle: features.googleTranslation, onCreated: created })
  // A video or a recording takes the dialog over until subtitle files are picked again.
  const recording = useRecordingFlow({ canUseGoogle: features.googleTranslation, onCreated: transcribing })
  const chooseFiles = (files: File[]) => {
    if (files.length === 1 && isMediaFile(files[0])) {
      flow.clearFiles()
      void recording.choose(files[0])
    } else {
      recording.clear()
      void flow.chooseFiles(files)
    }
  }

  function close() {
    onOpenChange(false)
    flow.reset()
    recording.clear()
  }
  const buyPoints = () => {
    close()
    router.push(localized(SECTION_PATHS.points))
  }

  const progressLabel =
    flow.phase === 'checking' ? t('progress.checking') : flow.phase === 'creating' ? t('progress.creating') : t('progress.uploading', { pct: flow.uploadPct })
  const progressValue = flow.phase === 'checking' ? 2 : flow.phase === 'creating' ? 100 : Math.max(2, flow.uploadPct * 0.95)

  return (
    <>
      <Dialog
        // Hidden (not reset) while the insufficient-points dialog is up, so cancelling returns to it.
        open={open && flow.shortfall === null && recording.shortfall === null}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        isLocked={flow.isSubmitting || recording.isSubmitting}
        title={recording.isActive ? t('recording.title') : t('title')}
        description={recording.isActive ? t('recording.description') : t('description')}
        className="max-w-xl"
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={flow.isSubmitting || recording.isSubmitting}>
              {tc('cancel')}
            </Button>
            {recording.isActive ? (
              <Button onClick={recording.submit} disabled={!recording.canSubmit} isLoading={recording.isSubmitting} data-testid="upload-submit">
                {recording.choices.target ? t('recording.submitTranslate') : t('recording.submit')}
              </Button>
            ) : (
              <Button onClick={flow.submit} disabled={!flow.canSubmit} isLoading={flow.isSubmitting} data-testid="upload-submit">
                {t('submit')}
              </Button>
            )}
          </>
        }
      >
        <div className="space-y-5" data-testid="upload-dialog" data-phase={flow.phase}>
          {recording.isActive ? (
            <>
              <UploadDropzone file={recording.file} onFiles={chooseFiles} isDisabled={recording.isSubmitting} error={recording.error} />
              <UploadRecording flow={recording} canUseGoogle={features.googleTranslation} isSandbox={features.isSandbox} />
            </>
          ) : flow.batch.length > 1 ? (
            <>
              {flow.fileError && (
                <Alert tone="warning" className="py-2.5">
                  {flow.fileError}
                </Alert>
              )}
              <UploadBatch files={flow.batch} languages={flow.targets.length || 1} total={flow.batchCost} onChange={flow.clearFiles} isDisabled={flow.isSubmitting} />
            </>
          ) : (
            <>
              <UploadDropzone file={flow.file} onFiles={chooseFiles} isDisabled={flow.isSubmitting} error={flow.fileError} />
              {flow.file && !flow.fileError && <UploadEstimate estimate={flow.estimate} />}
              {flow.file && flow.estimate && flow.targets.length > 1 && (
                <p className="tabular flex justify-between text-sm" data-testid="upload-batch-total" data-points={flow.batchCost}>
                  <span className="text-muted">{t('batch.totalHint', { files: 1, languages: flow.targets.length })}</span>
                  <span className="font-semibold text-fg">{t('batch.totalValue', { points: flow.batchCost, tasks: flow.targets.length })}</span>
                </p>
              )}
            </>
          )}
          {!recording.isActive && (
            <UploadOptions
              value={flow.choices}
              onChange={flow.setChoices}
              detectedLanguage={flow.estimate?.detectedLanguage ?? null}
              canUseGoogle={features.googleTranslation}
              memory={flow.batch.length <= 1 && flow.estimate ? { covered: flow.estimate.memory, segments: flow.estimate.segments } : null}
              reviewCost={flow.isReady ? flow.reviewCost : null}
              isDisabled={flow.isSubmitting}
            />
          )}
          {!recording.isActive && flow.hasReview && flow.isReady && (
            <p className="tabular flex justify-end text-sm font-semibold text-fg" data-testid="upload-review-total" data-points={flow.batchCost}>
              {t('review.total', { points: flow.batchCost })}
            </p>
          )}
          {!recording.isActive && flow.batch.length <= 1 && flow.estimate?.glossary && <UploadGlossary key={flow.file?.name} help={flow.estimate.glossary} target={flow.choices.target} isDisabled={flow.isSubmitting} />}
          {(recording.submitError ?? flow.submitError) && (
            <Alert tone="danger" className="py-2.5">
              <span data-testid="upload-error">{recording.submitError ?? flow.submitError}</span>
            </Alert>
          )}
          {recording.isSubmitting ? (
            <div className="space-y-1.5 text-xs text-muted" data-testid="upload-progress">
              <span>{recording.phase === 'creating' ? t('progress.creating') : t('progress.checking')}</span>
              <Progress value={recording.phase === 'creating' ? 100 : 2} label={recording.phase === 'creating' ? t('progress.creating') : t('progress.checking')} />
            </div>
          ) : flow.isSubmitting ? (
            <div className="space-y-1.5" data-testid="upload-progress">
              <div className="flex justify-between text-xs text-muted">
                <span>{progressLabel}</span>
              </div>
              <Progress value={progressValue} label={progressLabel} />
            </div>
          ) : null}
          <ul className="space-y-1 text-xs text-subtle">
            <li>{recording.isActive ? t('recording.keepsRunning') : t('keepsRunning')}</li>
            {features.isSandbox && <li className="text-info">{t('sandbox')}</li>}
          </ul>
        </div>
      </Dialog>
      <InsufficientPointsDialog
        shortfall={flow.shortfall ?? recording.shortfall}
        canPurchase={features.pointsPurchase}
        onBuy={buyPoints}
        onCancel={() => (flow.shortfall ? flow.dismissShortfall() : recording.dismissShortfall())}
      />
    </>
  )
}
