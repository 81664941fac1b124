/** The words every style guide page carries: nothing on it is a member's data. */
export const SAMPLE_DATA_LABEL = 'Sample data — not from your portal';
