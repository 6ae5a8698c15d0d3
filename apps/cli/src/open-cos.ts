/** Opens the Chief of Staff for one CLI command, turning configuration problems into a clear message and exit 2. */
import { isCosError } from '@chief-of-staff/core';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { EXIT_USAGE, printError } from './output.js';

export async function withChiefOfStaff(run: (cos: ChiefOfStaff) => Promise<void>): Promise<void> {
  let cos: ChiefOfStaff;
  try {
    cos = await createChiefOfStaff({ config: { logLevel: process.env.COS_LOG_LEVEL ? undefined : 'warn' } });
  } catch (error) {
    printError(isCosError(error) || error instanceof Error ? error.message : String(error));
    process.exitCode = EXIT_USAGE;
    return;
  }
  try {
    await run(cos);
  } finally {
    await cos.close();
  }
}
