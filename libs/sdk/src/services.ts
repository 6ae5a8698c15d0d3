/**
 * Opens the stores and builds `ctx.services` — the one object every tool handler receives (each tool declares the
 * subset it uses). Everything opened here is closed by the returned `close`.
 */
import type { Clock, CosConfig, Logger } from '@chief-of-staff/core';
import { openDatabase, type CosDatabase } from '@chief-of-staff/stores';
import type { UsageRecorder } from './call-tool.js';

export interface CosServices {
  config: CosConfig;
  database: CosDatabase;
}

export interface CoreServices {
  services: CosServices;
  usage?: UsageRecorder;
  close(): Promise<void>;
}

export interface OpenCoreServicesOptions {
  config: CosConfig;
  logger: Logger;
  clock: Clock;
}

export async function openCoreServices(options: OpenCoreServicesOptions): Promise<CoreServices> {
  const database = openDatabase({ dataDir: options.config.dataDir });
  return {
    services: { config: options.config, database },
    async close() {
      database.close();
    },
  };
}
