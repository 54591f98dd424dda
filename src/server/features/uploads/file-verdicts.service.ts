/**
 * The upload check's verdicts, written into this feature's user_files in the caller's connection:
 * the verification job reaches them through here (decision 042).
 */
export { findPendingFile, recordVerdict } from './file-verdicts.repository';
