/** The spec's "File not found", as the uploads feature answers it. */
export const FILE_NOT_FOUND = 'File not found';
