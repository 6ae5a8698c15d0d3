/**
 * The sdk functions the commands call. `open-cos.ts` imports this module on first use, so `--help` and usage
 * errors answer without loading every library.
 */
export {
  checkHealth,
  checkReindexNeeded,
  checkWorkerConfig,
  copyToPostgres,
  createChiefOfStaff,
  formatSuccessMetrics,
  openStorage,
  reindexVectors,
  unknownUserError,
} from '@chief-of-staff/sdk';
