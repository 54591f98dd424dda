/**
 * The files other features add to a user's library, inside the caller's transaction: user_files
 * is this feature's table, so a generation job stores its images through these (decision 042).
 */
export { insertGeneratedFiles, setThumbnailUrl, type NewGeneratedFile } from './user-files.repository';
