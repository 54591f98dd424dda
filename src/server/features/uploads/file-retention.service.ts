/**
 * Retention's statements over this feature's user_files, in the caller's transaction: the
 * retention job and a session's deletion reach them through here (decision 042).
 */
export { deleteFilesOfDeletedSessions, expireDueFiles, RETENTION_BATCH_SIZE, type RemovedFile } from './file-retention.repository';
