/**
 * The console's sections, in navigation order: one line each. The first is the landing page.
 */
import type { ConsoleSection } from './page-kit/types.js';
import { agentsSection } from './sections/agents/agents-section.js';
import { documentsSection } from './sections/documents/documents-section.js';
import { memorySection } from './sections/memory/memory-section.js';
import { orchestrationSection } from './sections/orchestration/orchestration-section.js';
import { schedulesSection } from './sections/schedules/schedules-section.js';
import { todaySection } from './sections/today/today-section.js';

export const consoleSections: readonly ConsoleSection[] = [
  todaySection,
  memorySection,
  agentsSection,
  schedulesSection,
  orchestrationSection,
  documentsSection,
];
