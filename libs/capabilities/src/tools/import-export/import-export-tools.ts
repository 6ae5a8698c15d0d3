/** The host-only import/export tools (no capability grants them), service key `providers`. */
import { exportCalendarTool } from './export-calendar-tool.js';
import { importDataTool } from './import-data-tool.js';

export const importExportTools = [importDataTool, exportCalendarTool] as const;
