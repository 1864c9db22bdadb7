/** The batches group's public face: what the batches consumer runs. */
export { runBatchMessage } from './process-batch';
export type { BatchMessage } from './messages';
