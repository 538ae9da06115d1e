// The recording's browser side, as the upload dialog reaches it: a picked file started once
// (`startRecording`: checked, its sound taken out and uploaded while it is made) and submitted once
// (`Recording.submit`); what the dialog shows of a file before and while it does.
export { startRecording, type Recording } from './session'
export { isShortOfPoints, type RecordingEstimate } from './submit'
export { ExtractionError, holdExtraction } from './extract-audio'
export { clockTime, isMediaFile, MEDIA_ACCEPT } from './media-file'
